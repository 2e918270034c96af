import {
  autoUpdate,
  flip,
  offset,
  type Placement,
  shift,
  type UseRoleProps,
  useClick,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { useCallback, useRef } from 'react';

/** Options of {@link usePopover}. */
export interface PopoverOptions {
  readonly open: boolean;
  readonly onOpenChange: (open: boolean) => void;
  /** Where the popover sits against its reference; `bottom-start` by default. */
  readonly placement?: Placement;
  /** ARIA role the floating element announces (floating-ui's `useRole`); none by default. */
  readonly role?: UseRoleProps['role'];
  /** Whether a click on the reference toggles it (floating-ui's `useClick`). */
  readonly toggleOnClick?: boolean;
  /**
   * Where focus goes back when Escape or `close()` closes the popover: the reference element
   * by default (a field wrapped in the reference passes its own).
   */
  readonly focusBack?: () => void;
}

/**
 * The one popover of the widgets: positioned next to its reference (4 px away, flipping and
 * shifting to stay on screen, following scroll and resize), closed by a press outside or by
 * Escape; Escape and `close()` give focus back to the reference.
 */
export function usePopover({
  open,
  onOpenChange,
  placement = 'bottom-start',
  role,
  toggleOnClick = false,
  focusBack,
}: PopoverOptions) {
  const focusBackRef = useRef(focusBack);
  focusBackRef.current = focusBack;
  const floating = useFloating({
    open,
    onOpenChange: (next, _event, reason) => {
      onOpenChange(next);
      if (!next && reason === 'escape-key') giveFocusBack();
    },
    placement,
    middleware: [offset(4), flip(), shift({ padding: 8 })],
    whileElementsMounted: autoUpdate,
  });
  const { refs } = floating;
  const giveFocusBack = () => {
    if (focusBackRef.current) focusBackRef.current();
    else (refs.domReference.current as HTMLElement | null)?.focus();
  };
  const interactions = useInteractions([
    useClick(floating.context, { enabled: toggleOnClick }),
    useDismiss(floating.context),
    useRole(floating.context, { role: role ?? 'dialog', enabled: role !== undefined }),
  ]);
  /** Closes the popover; focus goes back unless `returnFocus` is false (Tab moves on). */
  // biome-ignore lint/correctness/useExhaustiveDependencies: giveFocusBack reads refs only
  const close = useCallback(
    (returnFocus = true) => {
      onOpenChange(false);
      if (returnFocus) giveFocusBack();
    },
    [onOpenChange],
  );
  return { ...floating, ...interactions, close };
}
