import { ReportPage } from '../page/ReportPage';
import { categoriesReport } from './definition';

/** The Categories page (its own chunk). */
export default function CategoriesPage() {
  return <ReportPage definition={categoriesReport} />;
}
