import { ReportPage } from '../page/ReportPage';
import { taxesReport } from './definition';

/** The Taxes page (its own chunk). */
export default function TaxesPage() {
  return <ReportPage definition={taxesReport} />;
}
