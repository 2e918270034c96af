import { ReportPage } from '../page/ReportPage';
import { ordersReport } from './definition';

/** The Orders page (its own chunk). */
export default function OrdersPage() {
  return <ReportPage definition={ordersReport} />;
}
