import { __ } from '@storelens/i18n';
import { useEffect } from 'react';

/** The question asked before leaving a form with unsaved changes. */
export const LEAVE_MESSAGE = __('You have unsaved changes. If you proceed, they will be lost.');

/**
 * While `dirty`, warns before the page is left: the browser's own prompt on reload or close,
 * and a confirmation before an in-app link takes the user elsewhere.
 */
export function useLeaveWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = LEAVE_MESSAGE;
    };
    const click = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.closest('.sl-settings form')) return;
      if (!window.confirm(LEAVE_MESSAGE)) {
        event.preventDefault();
        event.stopImmediatePropagation();
      }
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty]);
}
