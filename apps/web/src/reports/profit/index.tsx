import { ReportPage } from '../page/ReportPage';
import { ProfitBreakdowns } from './breakdowns';
import { profitReport } from './definition';

/** The Profit page (its own chunk): profit over time, then by product, category and payment method. */
export default function ProfitPage() {
  return (
    <>
      <ReportPage definition={profitReport} />
      <ProfitBreakdowns />
    </>
  );
}
