import type { SegmentView } from '@storelens/api';
import { isApiError, useCurrentUser, useSegments } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import '../../reports/segments/segments.css';
import './segments-page.css';

/** Readable names of the saved parameters a segment keeps. */
const PARAM_LABELS: Record<string, string> = {
  match: __('Match'),
  status_is: __('Status is'),
  status_is_not: __('Status is not'),
  product_includes: __('Product includes'),
  product_excludes: __('Product excludes'),
  variation_includes: __('Variation includes'),
  variation_excludes: __('Variation excludes'),
  coupon_includes: __('Coupon includes'),
  coupon_excludes: __('Coupon excludes'),
  tax_rate_includes: __('Tax rate includes'),
  tax_rate_excludes: __('Tax rate excludes'),
  customer_type: __('Customer type'),
  refunds: __('Refunds'),
  attribute_is: __('Attribute is'),
  attribute_is_not: __('Attribute is not'),
  categories: __('Categories'),
  country_includes: __('Country includes'),
  country_excludes: __('Country excludes'),
  rfm_group: __('RFM group'),
  cohort: __('Cohort'),
  cohort_period: __('Cohort period'),
};

const paramLabel = (key: string) => PARAM_LABELS[key] ?? key.replace(/_/g, ' ');
const valueText = (v: unknown): string =>
  Array.isArray(v) ? v.map(valueText).join(', ') : typeof v === 'object' ? '…' : String(v);

/**
 * What a segment keeps, in words: "Orders where status is completed; customer type returning",
 * or every order (customer) when it saved no filter.
 */
export function segmentKeeps(segment: Pick<SegmentView, 'source' | 'query'>): string {
  const parts = Object.entries(segment.query).map(
    ([k, v]) => `${paramLabel(k).toLowerCase()}: ${valueText(v)}`,
  );
  if (segment.source === 'orders')
    return parts.length
      ? sprintf(__('Orders where %s'), parts.join('; '))
      : __('Every order (no filter)');
  return parts.length
    ? sprintf(__('Customers where %s'), parts.join('; '))
    : __('Every customer (no filter)');
}

/** The message of a failed write: the server's words about the parameter, else its message. */
function errorText(thrown: unknown, fallback: string): string {
  if (!isApiError(thrown)) return fallback;
  const params = Object.values(thrown.params ?? {});
  return params.length ? params.join(' ') : thrown.message;
}

/** One segment's row: name (renamed in place), what it keeps, sharing, owner and actions. */
function SegmentRow({ segment, canShare }: { segment: SegmentView; canShare: boolean }) {
  const { updateSegment, deleteSegment } = useSegments();
  const nameId = useId();
  const errorId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(segment.name);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const wasRenaming = useRef(false);

  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  useEffect(() => {
    if (wasRenaming.current && !renaming) renameButton.current?.focus();
    wasRenaming.current = renaming;
  }, [renaming]);

  const rename = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(__('Give the segment a name.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await updateSegment(segment.id, { name: name.trim() });
      setRenaming(false);
    } catch (thrown) {
      setError(errorText(thrown, __('The segment could not be renamed.')));
    } finally {
      setBusy(false);
    }
  };
  const share = async (shared: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await updateSegment(segment.id, { shared });
    } catch (thrown) {
      setError(errorText(thrown, __('The segment could not be changed.')));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await deleteSegment(segment.id);
    } catch (thrown) {
      setConfirming(false);
      setError(errorText(thrown, __('The segment could not be deleted.')));
      deleteButton.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <tr>
      <th scope="row">
        {renaming ? (
          <form className="sl-segments-page__rename" onSubmit={rename}>
            <label htmlFor={nameId}>{sprintf(__('New name of “%s”'), segment.name)}</label>
            <input
              id={nameId}
              className="sl-input"
              type="text"
              maxLength={100}
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              // biome-ignore lint/a11y/noAutofocus: the field opens on the user's own click
              autoFocus
              onChange={(e) => setName(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setRenaming(false);
                  setName(segment.name);
                  setError(null);
                }
              }}
            />
            {error && (
              <p id={errorId} className="sl-segments__error" role="alert">
                {error}
              </p>
            )}
            <span className="sl-segments-page__buttons">
              <button type="submit" className="sl-button sl-button--primary" disabled={busy}>
                {__('Save name')}
              </button>
              <button
                type="button"
                className="sl-button"
                onClick={() => {
                  setRenaming(false);
                  setName(segment.name);
                  setError(null);
                }}
              >
                {__('Cancel')}
              </button>
            </span>
          </form>
        ) : (
          segment.name
        )}
      </th>
      <td>{segmentKeeps(segment)}</td>
      <td>
        {segment.mine && canShare ? (
          <label className="sl-segments__share">
            <input
              type="checkbox"
              checked={segment.shared}
              disabled={busy}
              onChange={(e) => void share(e.target.checked)}
            />
            {sprintf(__('Share “%s” with every user'), segment.name)}
          </label>
        ) : segment.shared ? (
          __('Shared')
        ) : (
          __('Private')
        )}
      </td>
      <td>{segment.mine ? __('You') : segment.owner_name || __('Another user')}</td>
      <td>
        {segment.mine ? (
          confirming ? (
            <fieldset className="sl-segments-page__confirm">
              <legend>{sprintf(__('Delete the segment “%s”?'), segment.name)}</legend>
              <button
                ref={confirmButton}
                type="button"
                className="sl-button sl-button--primary"
                disabled={busy}
                onClick={() => void remove()}
              >
                {__('Delete')}
              </button>{' '}
              <button
                type="button"
                className="sl-button"
                onClick={() => {
                  setConfirming(false);
                  deleteButton.current?.focus();
                }}
                onKeyDown={(e) => e.key === 'Escape' && setConfirming(false)}
              >
                {__('Cancel')}
              </button>
            </fieldset>
          ) : (
            <span className="sl-segments-page__buttons">
              {!renaming && (
                <button
                  ref={renameButton}
                  type="button"
                  className="sl-button"
                  aria-label={sprintf(__('Rename “%s”'), segment.name)}
                  onClick={() => {
                    setRenaming(true);
                    setError(null);
                  }}
                >
                  {__('Rename')}
                </button>
              )}
              <button
                ref={deleteButton}
                type="button"
                className="sl-button"
                aria-label={sprintf(__('Delete “%s”'), segment.name)}
                onClick={() => setConfirming(true)}
              >
                {__('Delete')}
              </button>
            </span>
          )
        ) : (
          __('Only its owner may change it')
        )}
        {error && !renaming && (
          <p className="sl-segments__error" role="alert">
            {error}
          </p>
        )}
      </td>
    </tr>
  );
}

/**
 * `/analytics/settings/segments`: the saved segments the user sees (their own and the shared
 * ones), with what each keeps, whether it is shared and whose it is; the owner renames and
 * deletes their own, and shares or unshares them when they may (manage_woocommerce, as the
 * segments route declares).
 */
export default function SegmentsPage() {
  const { items, isRequesting, error } = useSegments();
  const canShare = useCurrentUser().can('manage_woocommerce');
  return (
    <div className="sl-page sl-segments-page">
      <h1 className="sl-page__title">{__('Segments')}</h1>
      <section className="sl-card" aria-labelledby="sl-segments-page-title">
        <h2 id="sl-segments-page-title">{__('Saved segments')}</h2>
        <p>
          {__(
            'Save a segment from the advanced filters of the Orders or Customers report, then pick it on any report to count only its orders or its customers’ orders.',
          )}
        </p>
        {error ? (
          <p role="alert" className="sl-segments__error">
            {__('The segments could not be loaded.')}
          </p>
        ) : items.length === 0 ? (
          <p>{isRequesting ? __('Loading segments…') : __('No segments yet.')}</p>
        ) : (
          <table className="sl-segments-page__table" aria-labelledby="sl-segments-page-title">
            <thead>
              <tr>
                <th scope="col">{__('Name')}</th>
                <th scope="col">{__('Keeps')}</th>
                <th scope="col">{__('Sharing')}</th>
                <th scope="col">{__('Owner')}</th>
                <th scope="col">{__('Actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((s) => (
                <SegmentRow key={s.id} segment={s} canShare={canShare} />
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
