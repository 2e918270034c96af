import { ReportPage } from '../page/ReportPage';
import { revenueReport } from './definition';

/** The Revenue page (its own chunk). */
export default function RevenuePage() {
  return <ReportPage definition={revenueReport} />;
}
