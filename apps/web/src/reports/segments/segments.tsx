import type { SegmentSource, SegmentView } from '@storelens/api';
import { Link } from '@storelens/components/link';
import { isApiError, useCurrentUser, useSegments } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { getHistory, getNewPath, getQuery, type Query } from '@storelens/navigation';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import './segments.css';

/** The `segment` parameter of a query, for a report's stats and table requests. */
export function segmentQuery(query: Query): Record<string, string> {
  const v = query.segment;
  return typeof v === 'string' && /^\d+$/.test(v) ? { segment: v } : {};
}

/** A segment's name as listed: a shared one of someone else says so. */
const segmentLabel = (s: SegmentView) => (s.mine ? s.name : sprintf(__('%s (shared)'), s.name));

/**
 * The "Segment" picker of every report that takes a segment (ReportPage): a select of the
 * user's segments and the shared ones; choosing one adds `segment=<id>` to the page's query
 * (and so to every request of the report). "Manage segments" opens their list.
 */
export function SegmentPicker({ query = getQuery() as Query }: { readonly query?: Query }) {
  const id = useId();
  const { items, isRequesting, error } = useSegments();
  const current = segmentQuery(query).segment ?? '';
  const choose = (value: string) =>
    getHistory().push(getNewPath({ segment: value === '' ? undefined : value, paged: undefined }));
  return (
    <div className="sl-segments__picker">
      <label htmlFor={id} className="sl-segments__label">
        {__('Segment')}
      </label>
      <select
        id={id}
        className="sl-select"
        value={current}
        aria-busy={isRequesting || undefined}
        onChange={(e) => choose(e.target.value)}
      >
        <option value="">{__('All customers and orders')}</option>
        {items.map((s) => (
          <option key={s.id} value={String(s.id)}>
            {segmentLabel(s)}
          </option>
        ))}
        {current !== '' && !items.some((s) => String(s.id) === current) && (
          <option value={current}>{sprintf(__('Segment %s'), current)}</option>
        )}
      </select>
      <Link href={getNewPath({}, '/analytics/settings/segments', {})}>{__('Manage segments')}</Link>
      {error && (
        <span role="alert" className="sl-segments__error">
          {__('The segments could not be loaded.')}
        </span>
      )}
    </div>
  );
}

/**
 * The line that says a page's figures are narrowed to the saved segment its query names
 * (`segment=<id>`), by the segment's name; nothing without one. `text` holds `%s` for it.
 */
export function SegmentNote({
  query,
  text = __('The figures count only the orders of the segment “%s”.'),
}: {
  readonly query: Query;
  readonly text?: string;
}) {
  const { items } = useSegments();
  const current = segmentQuery(query).segment;
  if (current === undefined) return null;
  const segment = items.find((s) => String(s.id) === current);
  return (
    <p className="sl-segments__note">
      {sprintf(text, segment ? segment.name : sprintf(__('Segment %s'), current))}
    </p>
  );
}

/**
 * "Save as segment" beside a report's advanced filters: a name, and for those who may, a
 * "Share with every user" checkbox; saves the report's current filters (`filterQuery` of the
 * page's query) as a segment of `source`.
 */
export function SaveSegment({
  source,
  filterQuery,
}: {
  readonly source: SegmentSource;
  readonly filterQuery: (query: Query) => Record<string, unknown>;
}) {
  const nameId = useId();
  const shareId = useId();
  const { createSegment } = useSegments();
  const canShare = useCurrentUser().can('manage_woocommerce');
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setMessage({ error: true, text: __('Give the segment a name.') });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const saved = await createSegment({
        name: name.trim(),
        source,
        query: filterQuery(getQuery() as Query),
        ...(canShare && shared ? { shared: true } : {}),
      });
      setMessage({ error: false, text: sprintf(__('Saved the segment “%s”.'), saved.name) });
      setOpen(false);
      setName('');
      setShared(false);
    } catch (thrown) {
      const params = isApiError(thrown) ? Object.values(thrown.params ?? {}) : [];
      setMessage({
        error: true,
        text:
          params.length > 0
            ? params.join(' ')
            : isApiError(thrown)
              ? thrown.message
              : __('The segment could not be saved.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="sl-segments__save">
      {!open && (
        <button
          type="button"
          className="sl-button"
          aria-expanded={false}
          onClick={() => {
            setOpen(true);
            setMessage(null);
          }}
        >
          {__('Save as segment')}
        </button>
      )}
      {open && (
        <form className="sl-segments__form" aria-label={__('Save as segment')} onSubmit={submit}>
          <div className="sl-field">
            <label htmlFor={nameId}>{__('Segment name')}</label>
            <input
              id={nameId}
              className="sl-input"
              type="text"
              maxLength={100}
              value={name}
              // biome-ignore lint/a11y/noAutofocus: the form opens on the user's own click
              autoFocus
              onChange={(e) => setName(e.target.value)}
            />
          </div>
          {canShare && (
            <div className="sl-segments__share">
              <input
                id={shareId}
                type="checkbox"
                checked={shared}
                onChange={(e) => setShared(e.target.checked)}
              />
              <label htmlFor={shareId}>{__('Share with every user')}</label>
            </div>
          )}
          <button type="submit" className="sl-button sl-button--primary" disabled={busy}>
            {__('Save segment')}
          </button>
          <button type="button" className="sl-button" onClick={() => setOpen(false)}>
            {__('Cancel')}
          </button>
        </form>
      )}
      {message && (
        <p
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'sl-segments__error' : 'sl-segments__done'}
        >
          {message.text}
        </p>
      )}
    </div>
  );
}

/** The segment tools of a report, in one row under its heading. */
export function SegmentTools({ children }: { readonly children: ReactNode }) {
  return (
    <section className="sl-segments" aria-label={__('Segments')}>
      {children}
    </section>
  );
}
