import { ReportPage } from '../page/ReportPage';
import { productsReport } from './definition';

/** The Products page (its own chunk). */
export default function ProductsPage() {
  return <ReportPage definition={productsReport} />;
}
