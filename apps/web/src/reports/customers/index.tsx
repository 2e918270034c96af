import { ReportPage } from '../page/ReportPage';
import { customersReport } from './definition';

/** The Customers page (its own chunk). */
export default function CustomersPage() {
  return <ReportPage definition={customersReport} />;
}
