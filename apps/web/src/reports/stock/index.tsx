import { ReportPage } from '../page/ReportPage';
import { stockReport } from './definition';

/** The Stock page (its own chunk). */
export default function StockPage() {
  return <ReportPage definition={stockReport} />;
}
