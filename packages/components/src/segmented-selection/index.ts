export { SegmentedSelection, type SegmentedSelectionProps } from './segmented-selection';
export { type SegmentedOption, type SegmentedOptionInput, validOptions } from './valid-options';
