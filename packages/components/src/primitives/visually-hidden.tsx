import { __ } from '@storelens/i18n';
import type { ReactNode } from 'react';
import './visually-hidden.css';

/**
 * The class of content read by screen readers but not shown, for elements that must keep their
 * own tag (`legend`, `label`, `caption`, a live region); otherwise use {@link VisuallyHidden}.
 */
export const VISUALLY_HIDDEN = 'sl-visually-hidden';

/** The live region of a loading placeholder (table, summary numbers): announced, not shown. */
export function LoadingStatus() {
  return (
    <div role="status" className={VISUALLY_HIDDEN}>
      {__('Your requested data is loading')}
    </div>
  );
}

/** Text read by screen readers but not shown on screen. */
export function VisuallyHidden({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <span className={VISUALLY_HIDDEN} id={id}>
      {children}
    </span>
  );
}
