import { ReportPage } from '../page/ReportPage';
import { sourcesReport } from './definition';

/** The Sources page (its own chunk). */
export default function SourcesPage() {
  return <ReportPage definition={sourcesReport} />;
}
