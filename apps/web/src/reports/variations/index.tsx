import { ReportPage } from '../page/ReportPage';
import { variationsReport } from './definition';

/** The Variations page (its own chunk). */
export default function VariationsPage() {
  return <ReportPage definition={variationsReport} />;
}
