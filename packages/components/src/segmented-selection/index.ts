export { SegmentedSelection, type SegmentedSelectionProps } from './segmented-selection';
export { useControllableState } from './use-controllable-state';
export { type SegmentedOption, type SegmentedOptionInput, validOptions } from './valid-options';
