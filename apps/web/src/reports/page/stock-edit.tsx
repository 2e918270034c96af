import { SnackbarList, type SnackbarNotice } from '@storelens/components';
import {
  type AppThunk,
  type ReportRow,
  updateProductStock,
  useStorelensDispatch,
} from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { useState } from 'react';

/** Parses a typed stock quantity: a whole number (negative means backordered), else null. */
export function parseStockQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d{1,9}$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** The error the last stock update of a product recorded (errors are kept per operation). */
export function lastStockError(id: number): AppThunk<{ message: string } | undefined> {
  return async (_dispatch, getState) => getState().items.products?.errors[`updateStock:${id}`];
}

/**
 * The editable stock quantity of a Stock row: the new value shows at once; a snackbar confirms
 * it (saved to the shop when one is connected, which takes the change first), or, when the
 * server or the shop refuses it, the old value comes back and the snackbar says why.
 */
export function StockQuantity({ row, shopName }: { row: ReportRow; shopName?: string }) {
  const dispatch = useStorelensDispatch();
  const id = Number(row.id);
  const parent = Number(row.parent_id ?? 0);
  const serverValue = Number(row.stock_quantity ?? 0);
  const name = String(row.name ?? id);
  const [shown, setShown] = useState<{ base: number; value: number } | null>(null);
  const value = shown && shown.base === serverValue ? shown.value : serverValue;
  const [text, setText] = useState<string | null>(null);
  const [notices, setNotices] = useState<SnackbarNotice[]>([]);

  const commit = async () => {
    if (text === null) return;
    const quantity = parseStockQuantity(text);
    setText(null);
    if (quantity === null || quantity === value) return;
    const before = value;
    setShown({ base: serverValue, value: quantity });
    const ok = await dispatch(
      updateProductStock(
        { id, parent_id: parent, type: parent > 0 ? 'variation' : 'simple' },
        quantity,
      ),
    );
    if (ok) {
      setNotices((current) => [
        ...current,
        {
          id: `${id}-${Date.now()}`,
          content: shopName
            ? sprintf(__('The stock of %1$s is now %2$d, saved to %3$s.'), name, quantity, shopName)
            : sprintf(__('The stock of %1$s is now %2$d.'), name, quantity),
        },
      ]);
    } else {
      const failure = await dispatch(lastStockError(id));
      setShown({ base: serverValue, value: before });
      setNotices((current) => [
        ...current,
        {
          id: `${id}-${Date.now()}`,
          content: sprintf(
            __('The stock of %1$s could not be updated: %2$s'),
            name,
            failure?.message ?? __('the server refused the change'),
          ),
        },
      ]);
    }
  };

  return (
    <>
      <input
        type="text"
        inputMode="numeric"
        className="sl-report__stock-input"
        aria-label={sprintf(__('Stock quantity of %s'), name)}
        value={text ?? String(value)}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => void commit()}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void commit();
          if (event.key === 'Escape') setText(null);
        }}
      />
      {notices.length > 0 && (
        <SnackbarList
          notices={notices}
          onRemove={(noticeId) => setNotices((current) => current.filter((n) => n.id !== noticeId))}
        />
      )}
    </>
  );
}
