import { __ } from '@storelens/i18n';
import { useEffect, useRef } from 'react';
import { firstAction, noticeTimeout, type SnackbarNotice } from './notices';
import './snackbar.css';

/** Props of {@link Snackbar}. */
export interface SnackbarProps {
  /** The notice shown. */
  notice: SnackbarNotice;
  /** Called with the notice id when it leaves (timeout, click, Escape or the dismiss button). */
  onRemove: (id: string) => void;
}

/** One notice: leaves after 10 s or when clicked; shows only its first action. */
export function Snackbar({ notice, onRemove }: SnackbarProps) {
  const onRemoveRef = useRef(onRemove);
  onRemoveRef.current = onRemove;
  const timeout = noticeTimeout(notice);

  useEffect(() => {
    if (timeout === null) return;
    const timer = setTimeout(() => onRemoveRef.current(notice.id), timeout);
    return () => clearTimeout(timer);
  }, [notice.id, timeout]);

  const dismiss = () => onRemove(notice.id);
  const action = firstAction(notice.actions);

  return (
    // Clicking anywhere on the notice dismisses it; the dismiss button is the keyboard path.
    // biome-ignore lint/a11y/noStaticElementInteractions: the button inside is the accessible control
    // biome-ignore lint/a11y/useKeyWithClickEvents: the button inside handles the keyboard
    <div className="sl-snackbar" onClick={dismiss}>
      <span className="sl-snackbar__content">{notice.content}</span>
      {action &&
        (action.url !== undefined ? (
          <a className="sl-snackbar__action" href={action.url} onClick={action.onClick}>
            {action.label}
          </a>
        ) : (
          <button type="button" className="sl-snackbar__action" onClick={action.onClick}>
            {action.label}
          </button>
        ))}
      <button type="button" className="sl-snackbar__dismiss" aria-label={__('Dismiss this notice')}>
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Props of {@link SnackbarList}. */
export interface SnackbarListProps {
  /** Notices, oldest first. */
  notices: readonly SnackbarNotice[];
  /** Called with the id of a notice that leaves. */
  onRemove: (id: string) => void;
}

/**
 * The snackbar area: a polite live region (so new notices are announced) holding the notices;
 * Escape dismisses them unless another widget already handled the key.
 */
export function SnackbarList({ notices, onRemove }: SnackbarListProps) {
  const onRemoveRef = useRef(onRemove);
  onRemoveRef.current = onRemove;
  const ids = notices.map((n) => n.id).join('\n');

  useEffect(() => {
    if (ids === '') return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      for (const id of ids.split('\n')) onRemoveRef.current(id);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [ids]);

  return (
    <div className="sl-snackbar-list" aria-live="polite" aria-relevant="additions text">
      {notices.map((notice) => (
        <Snackbar key={notice.id} notice={notice} onRemove={onRemove} />
      ))}
    </div>
  );
}
