export {
  CompareFilter,
  type CompareFilterLabels,
  type CompareFilterProps,
} from './compare-filter';
export { canCompare, compareQueryValue, MIN_COMPARE_ITEMS } from './compare-value';
