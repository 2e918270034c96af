import { ReportPage } from '../page/ReportPage';
import { couponsReport } from './definition';

/** The Coupons page (its own chunk). */
export default function CouponsPage() {
  return <ReportPage definition={couponsReport} />;
}
