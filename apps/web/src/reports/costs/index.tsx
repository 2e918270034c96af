import type { CostImportResponse } from '@storelens/api';
import { Link, NUMBER_CLASS } from '@storelens/components';
import {
  type ApiError,
  fetchCostSettings,
  importCosts,
  saveCostSettings,
  useStorelensDispatch,
} from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '../../settings-context';
import { reportHref } from '../page/links';
import { moneyOrUnknown } from '../page/profit';
import '../page/profit.css';

/** What the page shows after a step: the dry run's lines, the import done, or a refusal. */
type Outcome =
  | { readonly kind: 'checked'; readonly answer: CostImportResponse; readonly csv: string }
  | { readonly kind: 'applied'; readonly answer: CostImportResponse }
  | { readonly kind: 'refused'; readonly message: string };

/** A refusal's words: the line and column the server names (`params.csv`), else its message. */
export function importRefusal(error: ApiError): string {
  const params = (error.params ?? {}) as Record<string, string>;
  return params.csv ?? params.dry_run ?? error.message;
}

/**
 * Whether a cost entered in Storelens wins over the shop's own: a checkbox saved at once, its
 * failure said beside it (and the box put back).
 */
function EnteredCostsWin() {
  const dispatch = useStorelensDispatch();
  const [win, setWin] = useState<boolean | null>(null);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const id = useId();
  useEffect(() => {
    let live = true;
    dispatch(fetchCostSettings()).then(
      (answer) => live && setWin(answer.entered_costs_win),
      (error: ApiError) =>
        live &&
        setStatus({
          error: true,
          text: sprintf(__('The cost settings could not be loaded: %s'), error.message),
        }),
    );
    return () => {
      live = false;
    };
  }, [dispatch]);
  const change = async (next: boolean) => {
    const before = win;
    setWin(next);
    setStatus(null);
    try {
      const answer = await dispatch(saveCostSettings(next));
      setStatus({
        error: false,
        text: answer.recompute
          ? sprintf(__('Saved; %d orders are being recounted.'), answer.recompute.orders)
          : __('Saved.'),
      });
    } catch (thrown) {
      setWin(before);
      setStatus({
        error: true,
        text: sprintf(__('The setting could not be saved: %s'), (thrown as ApiError).message),
      });
    }
  };
  return (
    <p className="sl-costs__setting">
      <input
        id={id}
        type="checkbox"
        checked={win === true}
        disabled={win === null}
        onChange={(event) => void change(event.target.checked)}
      />{' '}
      <label htmlFor={id}>{__("Costs entered in Storelens win over the shop's own costs")}</label>
      {status && (
        <span
          role={status.error ? 'alert' : 'status'}
          className={status.error ? 'sl-notice sl-notice--error' : 'sl-costs__saved'}
        >
          {' '}
          {status.text}
        </span>
      )}
    </p>
  );
}

/** A chosen file's text (UTF-8). */
function readText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/**
 * The Costs page (Analytics › Costs): unit costs from a CSV file (`sku` or `id`, `cost`,
 * `from`). The file is checked first (a dry run listing what each line would change, nothing
 * written), then applied in one go; a bad line is named by its number and column.
 */
export default function CostsPage() {
  const dispatch = useStorelensDispatch();
  const { formatAmount } = useStore();
  const fileId = useId();
  const hintId = useId();
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const run = async (csv: string, dryRun: boolean) => {
    setBusy(true);
    try {
      const answer = await dispatch(importCosts(csv, dryRun));
      setOutcome(dryRun ? { kind: 'checked', answer, csv } : { kind: 'applied', answer });
    } catch (thrown) {
      setOutcome({ kind: 'refused', message: importRefusal(thrown as ApiError) });
    } finally {
      setBusy(false);
    }
  };
  const check = async () => {
    const chosen = file.current?.files?.[0];
    if (!chosen) {
      setOutcome({ kind: 'refused', message: __('Choose a CSV file first.') });
      file.current?.focus();
      return;
    }
    let csv: string;
    try {
      csv = await readText(chosen);
    } catch {
      setOutcome({ kind: 'refused', message: __('The file could not be read.') });
      return;
    }
    await run(csv, true);
  };

  const money = (value: number | null) => moneyOrUnknown(value, { formatAmount });
  return (
    <div className="sl-page sl-costs">
      <h1 className="sl-page__title">{__('Costs')}</h1>
      <p>
        {__(
          'Enter the unit costs of your products from a CSV file. Its first line names the columns: sku or id, cost, and from (the day the cost takes effect, YYYY-MM-DD). Orders from that day on are counted again with the new cost.',
        )}{' '}
        <Link
          href={reportHref('/analytics/products', { orderby: 'cost_of_goods', order: 'asc' }, {})}
        >
          {__('Products without a known cost')}
        </Link>
      </p>
      <EnteredCostsWin />
      <form
        className="sl-costs__form"
        onSubmit={(event) => {
          event.preventDefault();
          void check();
        }}
      >
        <label htmlFor={fileId}>{__('CSV file')}</label>{' '}
        <input
          ref={file}
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          aria-describedby={hintId}
          onChange={() => setOutcome(null)}
        />
        <p id={hintId} className="sl-costs__hint">
          {__('For example: sku,cost,from then MUG-1,4.50,2026-01-01 on the next line.')}
        </p>
        <button type="submit" className="sl-button sl-button--primary" disabled={busy}>
          {busy && outcome?.kind !== 'checked' ? __('Checking…') : __('Check the file')}
        </button>
      </form>
      {outcome?.kind === 'refused' && (
        <p role="alert" className="sl-notice sl-notice--error">
          {sprintf(__('The file was not taken: %s'), outcome.message)}
        </p>
      )}
      {outcome?.kind === 'applied' && (
        <p role="status" className="sl-notice sl-notice--success">
          {outcome.answer.recompute
            ? sprintf(
                __('%1$d costs saved. %2$d orders are being counted again with them.'),
                outcome.answer.changed,
                outcome.answer.recompute.orders,
              )
            : sprintf(__('%d costs saved.'), outcome.answer.changed)}
        </p>
      )}
      {outcome?.kind === 'checked' && (
        <section aria-labelledby={`${hintId}-check`}>
          <h2 id={`${hintId}-check`} className="sl-profit__heading">
            {__('What the file would change')}
          </h2>
          <p role="status">
            {sprintf(
              __('%1$d lines read; %2$d would change a cost. Nothing is saved yet.'),
              outcome.answer.lines,
              outcome.answer.changed,
            )}
          </p>
          <div className="sl-table__scroll">
            <table className="sl-table">
              <caption className="sl-visually-hidden">{__('What the file would change')}</caption>
              <thead>
                <tr>
                  <th scope="col" className="sl-table__header is-numeric">
                    {__('Line')}
                  </th>
                  <th scope="col" className="sl-table__header">
                    {__('Product')}
                  </th>
                  <th scope="col" className="sl-table__header">
                    {__('SKU')}
                  </th>
                  <th scope="col" className="sl-table__header">
                    {__('From')}
                  </th>
                  <th scope="col" className="sl-table__header is-numeric">
                    {__('Entered cost')}
                  </th>
                  <th scope="col" className="sl-table__header is-numeric">
                    {__('Cost before')}
                  </th>
                  <th scope="col" className="sl-table__header is-numeric">
                    {__('Cost after')}
                  </th>
                  <th scope="col" className="sl-table__header">
                    {__('Change')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {outcome.answer.rows.map((row) => (
                  <tr key={row.line}>
                    <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>{row.line}</td>
                    <th scope="row" className="sl-table__cell">
                      {row.name || `#${row.product_id}`}
                    </th>
                    <td className="sl-table__cell">{row.sku}</td>
                    <td className="sl-table__cell">{row.from}</td>
                    <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                      {money(row.new_cost)}
                    </td>
                    <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                      {money(row.cost_before)}
                    </td>
                    <td className={`sl-table__cell is-numeric ${NUMBER_CLASS}`}>
                      {money(row.cost_after)}
                    </td>
                    <td className="sl-table__cell">
                      {!row.changes
                        ? __('Already so')
                        : row.cost_after !== row.new_cost
                          ? __("Entered; the shop's cost stays in force")
                          : __('Changes')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <button
              type="button"
              className="sl-button sl-button--primary"
              disabled={busy || outcome.answer.changed === 0}
              onClick={() => void run(outcome.csv, false)}
            >
              {busy ? __('Saving…') : sprintf(__('Apply %d changes'), outcome.answer.changed)}
            </button>
          </p>
        </section>
      )}
    </div>
  );
}
