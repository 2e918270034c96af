import { EllipsisMenu, MenuItem, VISUALLY_HIDDEN } from '@storelens/components';
import { type Note, useNotes } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { navigateTo } from '@storelens/navigation';
import { useRef, useState } from 'react';
import { useNotices } from '../../shell/notices';
import { relativeDate } from './relative-date';
import { SafeHtml } from './safe-html';

/** First page size, and how many more "Show more" adds (as the current WooCommerce inbox does). */
const FIRST_PAGE = 5;
const MORE = 10;
/** Note bodies are cut after this many characters. */
const MAX_BODY = 320;
const TYPES = ['error', 'warning', 'update', 'info', 'marketing', 'survey'];

function NoteCard({
  note,
  onAction,
  onDismiss,
  onRead,
  busy,
}: {
  note: Note;
  onAction: (note: Note, actionId: number) => void;
  onDismiss: (note: Note) => void;
  onRead: (note: Note) => void;
  busy: boolean;
}) {
  const unread = note.is_read === false && note.status === 'unactioned';
  const titleId = `note-title-${note.id}`;
  const single = note.actions.length === 1 ? note.actions[0] : undefined;
  return (
    <li className="sl-note" aria-labelledby={titleId} aria-busy={busy || undefined}>
      <div className="sl-note__meta">
        {unread && (
          <span className="sl-note__unread" role="img" aria-label={__('Unread')}>
            ●
          </span>
        )}
        <span>{relativeDate(note.date_created_gmt, Date.now())}</span>
      </div>
      <h3 className="sl-note__title" id={titleId}>
        {single?.url ? (
          <a
            href={single.url}
            onClick={(e) => {
              e.preventDefault();
              onAction(note, single.id);
            }}
          >
            {note.title}
          </a>
        ) : (
          note.title
        )}
      </h3>
      {note.layout === 'thumbnail' && note.image && (
        <img className="sl-note__image" src={note.image} alt="" />
      )}
      <div className="sl-note__content">
        <SafeHtml html={note.content} maxText={MAX_BODY} />
      </div>
      <div className="sl-note__actions">
        {note.status === 'actioned' && note.actions.some((a) => a.actioned_text) ? (
          <span>{note.actions.find((a) => a.actioned_text)?.actioned_text}</span>
        ) : (
          note.actions.map((a) => (
            <button
              key={a.id}
              type="button"
              className="sl-button"
              disabled={busy}
              onClick={() => onAction(note, a.id)}
            >
              {a.label}
            </button>
          ))
        )}
        {unread && (
          <button
            type="button"
            className="sl-button sl-button--link"
            disabled={busy}
            onClick={() => onRead(note)}
            aria-label={sprintf(__('Mark "%s" as read'), note.title)}
          >
            {__('Mark as read')}
          </button>
        )}
        <button
          type="button"
          className="sl-button sl-button--link"
          disabled={busy}
          onClick={() => onDismiss(note)}
          aria-label={sprintf(__('Dismiss "%s"'), note.title)}
        >
          {__('Dismiss')}
        </button>
      </div>
    </li>
  );
}

/** The inbox: unactioned notes, newest first, with their actions, dismiss and dismiss all. */
export function Inbox() {
  const [perPage, setPerPage] = useState(FIRST_PAGE);
  const notes = useNotes({
    status: ['unactioned'],
    type: TYPES,
    orderby: 'date',
    order: 'desc',
    page: 1,
    per_page: perPage,
  });
  const unread = useNotes({ status: ['unactioned'], type: TYPES, is_read: false, per_page: 100 });
  const notice = useNotices();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState<number | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  const act = async (note: Note, actionId: number) => {
    const action = note.actions.find((a) => a.id === actionId);
    setBusy(note.id);
    try {
      await notes.triggerNoteAction(note.id, actionId);
      // An action with an address takes the user there once the note is updated.
      if (action?.url) navigateTo({ url: action.url });
    } catch {
      notice(sprintf(__('The action "%s" could not be completed.'), action?.label ?? ''));
    } finally {
      setBusy(null);
    }
  };

  const dismiss = async (note: Note) => {
    setBusy(note.id);
    try {
      await notes.deleteNote(note.id);
      notice(__('Message dismissed'), {
        actions: [
          {
            label: __('Undo'),
            onClick: () => {
              notes
                .updateNote(note.id, { is_deleted: false })
                .catch(() => notice(__('The message could not be restored.')));
            },
          },
        ],
      });
    } catch {
      notice(__('Message could not be dismissed'));
    } finally {
      setBusy(null);
    }
  };

  const markRead = async (note: Note) => {
    setBusy(note.id);
    try {
      await notes.updateNote(note.id, { is_read: true });
    } catch {
      notice(__('The message could not be marked as read.'));
    } finally {
      setBusy(null);
    }
  };

  const dismissAll = async () => {
    setConfirming(false);
    dialog.current?.close();
    try {
      const removed = await notes.deleteAllNotes({ status: ['unactioned'] });
      const ids = removed.map((n) => n.id);
      notice(__('All messages dismissed'), {
        actions: [
          {
            label: __('Undo'),
            onClick: () => {
              notes
                .batchUpdateNotes(ids, { is_deleted: false })
                .catch(() => notice(__('The messages could not be restored.')));
            },
          },
        ],
      });
    } catch {
      notice(__('Messages could not be dismissed'));
    }
  };

  const unreadCount = unread.items.length;
  const total = notes.total ?? notes.items.length;
  return (
    <section className="sl-card sl-inbox" aria-labelledby="inbox-title">
      <div className="sl-card__header">
        <h2 id="inbox-title">
          {__('Inbox')}{' '}
          {unreadCount > 0 && (
            <span className="sl-badge">
              {unreadCount}
              <span className={VISUALLY_HIDDEN}> {__('unread')}</span>
            </span>
          )}
        </h2>
        <EllipsisMenu label={__('Inbox Notes Options')}>
          <MenuItem
            onInvoke={() => {
              setConfirming(true);
              dialog.current?.showModal();
            }}
          >
            {__('Dismiss all')}
          </MenuItem>
        </EllipsisMenu>
      </div>
      {notes.error && notes.items.length === 0 ? (
        <div role="alert">
          <p>{__('There was an error getting your inbox. Please try again.')}</p>
          <button type="button" className="sl-button" onClick={() => window.location.reload()}>
            {__('Reload')}
          </button>
        </div>
      ) : notes.items.length === 0 && !notes.isRequesting ? (
        <div>
          <h3>{__('Your inbox is empty')}</h3>
          <p>
            {__(
              'As things begin to happen in your store, achievements, announcements and tips will show up here.',
            )}
          </p>
        </div>
      ) : (
        <ul className="sl-inbox__list">
          {notes.items.map((n) => (
            <NoteCard
              key={n.id}
              note={n}
              onAction={act}
              onDismiss={dismiss}
              onRead={markRead}
              busy={busy === n.id}
            />
          ))}
        </ul>
      )}
      {total > notes.items.length && (
        <button type="button" className="sl-button" onClick={() => setPerPage((n) => n + MORE)}>
          {perPage > FIRST_PAGE ? __('Show more') : __('Show older')}
        </button>
      )}
      <dialog
        ref={dialog}
        className="sl-dialog"
        aria-labelledby="dismiss-all-title"
        onClose={() => setConfirming(false)}
      >
        {confirming && (
          <>
            <h2 id="dismiss-all-title">{__('Dismiss all messages')}</h2>
            <p>{__('Are you sure? Inbox messages will be dismissed forever.')}</p>
            <div className="sl-settings__buttons">
              <button type="button" className="sl-button" onClick={() => dialog.current?.close()}>
                {__('Cancel')}
              </button>
              <button
                type="button"
                className="sl-button sl-button--primary"
                onClick={() => void dismissAll()}
              >
                {__('Yes, dismiss all')}
              </button>
            </div>
          </>
        )}
      </dialog>
    </section>
  );
}
