export {
  groupStart,
  groupTimelineItems,
  type TimelineGroup,
  type TimelineGroupBy,
  type TimelineOrder,
} from './groups';
export { formatPhpDate } from './php-date';
export { Timeline, type TimelineItem, type TimelineProps } from './timeline';
