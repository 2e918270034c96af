import type { CostHistoryBody } from '@storelens/api';
import { type ApiError, enterProductCost, useStorelensDispatch } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { moneyOrUnknown } from './profit';

/** Today in the store's time zone, `YYYY-MM-DD` (the browser's day when the zone is unknown). */
export function storeToday(timeZone: string | undefined, now = new Date()): string {
  const format = (zone?: string) =>
    new Intl.DateTimeFormat('en-CA', {
      ...(zone ? { timeZone: zone } : {}),
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  try {
    return format(timeZone || undefined);
  } catch {
    return format();
  }
}

/** A typed unit cost: a non-negative amount with at most four decimals, else null. */
export function parseCost(text: string): string | null {
  const trimmed = text.trim().replace(',', '.');
  return /^\d{1,9}(\.\d{1,4})?$/.test(trimmed) ? trimmed : null;
}

/**
 * What a saved cost changed: the orders counted again, and, when the shop's own cost stays in
 * force (the shop's costs win over entered ones unless the Costs page says otherwise), so.
 */
export function savedMessage(saved: CostHistoryBody): string {
  const recount = saved.recompute
    ? sprintf(__('Saved; %d orders are being recounted.'), saved.recompute.orders)
    : __('Saved.');
  if (saved.cost_source !== 'shop' || saved.entered_costs_win) return recount;
  return `${recount} ${__("The shop's own cost stays in force: on the Costs page, entered costs can win over the shop's.")}`;
}

/** The server's refusal of one field (`params.cost`, `params.from`), or its message. */
function refusalOf(error: ApiError): { field: 'cost' | 'from' | null; message: string } {
  const params = (error.params ?? {}) as Record<string, string>;
  if (params.cost) return { field: 'cost', message: params.cost };
  if (params.from) return { field: 'from', message: params.from };
  return { field: null, message: error.message };
}

/**
 * A product's or variation's unit cost in a report row, with an Edit button that opens a
 * small form in place: the cost and the day it takes effect from (today by default). Enter
 * saves, Escape cancels, and the focus goes back to the button; a refusal is said under the
 * field it names and that field takes the focus. Saving starts the server's recompute of the
 * orders it touches: the row says the cost was saved and that the figures follow.
 */
export function UnitCostEdit({
  id,
  name,
  cost,
  timeZone,
  formatAmount,
}: {
  readonly id: number;
  readonly name: string;
  /** The unit cost in force (null: none known). */
  readonly cost: unknown;
  readonly timeZone?: string | undefined;
  readonly formatAmount: (value: number) => string;
}) {
  const dispatch = useStorelensDispatch();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<{ field: 'cost' | 'from' | null; message: string } | null>(
    null,
  );
  const [saved, setSaved] = useState<CostHistoryBody | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const costInput = useRef<HTMLInputElement>(null);
  const fromInput = useRef<HTMLInputElement>(null);
  const ids = { cost: useId(), from: useId(), error: useId() };
  const today = storeToday(timeZone);
  const shown = saved ? saved.cost : cost;

  const start = () => {
    const current = typeof shown === 'number' ? String(shown) : '';
    setText(current);
    setFrom(today);
    setError(null);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setError(null);
    // The button comes back after this render: focus it then.
    requestAnimationFrame(() => button.current?.focus());
  };
  const refuse = (field: 'cost' | 'from' | null, message: string) => {
    setError({ field, message });
    requestAnimationFrame(() => (field === 'from' ? fromInput : costInput).current?.focus());
  };
  const save = async () => {
    const amount = parseCost(text);
    if (amount === null) {
      refuse('cost', __('Enter the unit cost as an amount, such as 12.50.'));
      return;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || from > today) {
      refuse('from', __('Choose a day up to today.'));
      return;
    }
    setSaving(true);
    try {
      const answer = await dispatch(enterProductCost(id, { cost: amount, from }));
      setSaved(answer);
      close();
    } catch (thrown) {
      const refusal = refusalOf(thrown as ApiError);
      refuse(refusal.field, refusal.message);
    } finally {
      setSaving(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (!open) {
    return (
      <span className="sl-cost-edit">
        <span>{moneyOrUnknown(shown, { formatAmount })}</span>{' '}
        <button
          ref={button}
          type="button"
          className="sl-cost-edit__button"
          aria-label={sprintf(__('Edit the unit cost of %s'), name)}
          onClick={start}
        >
          {__('Edit')}
        </button>
        {saved && (
          <span role="status" className="sl-cost-edit__saved">
            {savedMessage(saved)}
          </span>
        )}
      </span>
    );
  }
  return (
    <form
      className="sl-cost-edit__form"
      aria-label={sprintf(__('Unit cost of %s'), name)}
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <label htmlFor={ids.cost}>{__('Unit cost')}</label>
      <input
        ref={costInput}
        id={ids.cost}
        className="sl-cost-edit__input"
        inputMode="decimal"
        autoComplete="off"
        // The form opens on the user's own click: the field they asked for takes the focus.
        // biome-ignore lint/a11y/noAutofocus: opened by the user's own action
        autoFocus
        value={text}
        aria-invalid={error?.field === 'cost' ? true : undefined}
        aria-describedby={error?.field !== 'from' && error ? ids.error : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      <label htmlFor={ids.from}>{__('From')}</label>
      <input
        ref={fromInput}
        id={ids.from}
        type="date"
        max={today}
        value={from}
        aria-invalid={error?.field === 'from' ? true : undefined}
        aria-describedby={error?.field === 'from' ? ids.error : undefined}
        onChange={(event) => setFrom(event.target.value)}
      />
      <button type="submit" className="sl-button sl-button--primary" disabled={saving}>
        {saving ? __('Saving…') : __('Save')}
      </button>
      <button type="button" className="sl-button" onClick={close}>
        {__('Cancel')}
      </button>
      {error && (
        <p id={ids.error} role="alert" className="sl-cost-edit__error">
          {error.message}
        </p>
      )}
    </form>
  );
}
