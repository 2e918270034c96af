export { deltaSentiment, describeDelta, formatDelta } from './delta';
export {
  MAX_SUMMARY_ITEMS,
  type SummaryItem,
  SummaryNumber,
  type SummaryNumberProps,
  SummaryNumbers,
  SummaryNumbersPlaceholder,
  type SummaryNumbersProps,
} from './SummaryNumbers';
export { useMediaQuery } from './use-media-query';
