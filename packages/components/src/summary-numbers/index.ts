export { deltaSentiment, describeDelta, formatDelta } from './delta';
export {
  MAX_SUMMARY_ITEMS,
  type SummaryItem,
  SummaryNumber,
  type SummaryNumberProps,
  SummaryNumbers,
  SummaryNumbersPlaceholder,
  type SummaryNumbersProps,
} from './summary-numbers';
export { useMediaQuery } from './use-media-query';
