export { NUMBER_CLASS } from './number';
export { type ControllableStateOptions, useControllableState } from './use-controllable-state';
export { type PopoverOptions, usePopover } from './use-popover';
export { LoadingStatus, VISUALLY_HIDDEN, VisuallyHidden } from './visually-hidden';
