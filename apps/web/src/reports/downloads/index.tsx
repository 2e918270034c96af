import { ReportPage } from '../page/ReportPage';
import { downloadsReport } from './definition';

/** The Downloads page (its own chunk). */
export default function DownloadsPage() {
  return <ReportPage definition={downloadsReport} />;
}
