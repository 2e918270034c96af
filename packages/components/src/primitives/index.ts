export { type ControllableStateOptions, useControllableState } from './use-controllable-state';
export { type PopoverOptions, usePopover } from './use-popover';
export { VISUALLY_HIDDEN, VisuallyHidden } from './visually-hidden';
