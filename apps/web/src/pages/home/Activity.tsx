import { Link, OrderStatus, Rating } from '@storelens/components';
import {
  type LowInStockRow,
  type Review,
  useItems,
  useReportItemsWhenReady,
  useReviews,
  useSettings,
  useStorelensDispatch,
} from '@storelens/data';
import { __, _n, sprintf } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { type ReactNode, useId, useState } from 'react';
import { statusLabels } from '../../order-statuses';
import { customerLink, orderLink } from '../../reports/page/links';
import { lastStockError } from '../../reports/page/stock-edit';
import { useStore } from '../../settings-context';
import { useNotices } from '../../shell/notices';
import { relativeDate } from './relative-date';

function Panel({
  title,
  count,
  children,
  defaultOpen = true,
}: {
  title: string;
  count: number | null;
  children: ReactNode;
  defaultOpen?: boolean;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  return (
    <section className="sl-card sl-panel" aria-labelledby={`${id}-title`}>
      <h2 className="sl-panel__title" id={`${id}-title`}>
        <button
          type="button"
          className="sl-panel__toggle"
          aria-expanded={open}
          aria-controls={`${id}-body`}
          onClick={() => setOpen(!open)}
        >
          {title}
          {count !== null && <span className="sl-badge">{count}</span>}
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open}>
        {children}
      </div>
    </section>
  );
}

type Moderation = { label: string; status: Review['status'] | 'trash'; done: string };

/** Reviews awaiting moderation (or approved ones, to unapprove), each action with Undo. */
export function ReviewsPanel() {
  const [show, setShow] = useState<'hold' | 'approved'>('hold');
  const reviews = useReviews({ status: show, per_page: 5, page: 1 });
  const notice = useNotices();
  const filterId = useId();
  const moderations: Moderation[] =
    show === 'hold'
      ? [
          { label: __('Approve'), status: 'approved', done: __('Review approved') },
          { label: __('Mark as spam'), status: 'spam', done: __('Review marked as spam') },
          { label: __('Delete'), status: 'trash', done: __('Review moved to the trash') },
        ]
      : [
          { label: __('Unapprove'), status: 'hold', done: __('Review unapproved') },
          { label: __('Mark as spam'), status: 'spam', done: __('Review marked as spam') },
          { label: __('Delete'), status: 'trash', done: __('Review moved to the trash') },
        ];

  const moderate = async (review: Review, m: Moderation) => {
    const previous = review.status;
    try {
      if (m.status === 'trash') await reviews.deleteReview(review.id);
      else await reviews.updateReview(review.id, { status: m.status });
      notice(m.done, {
        actions: [
          {
            label: __('Undo'),
            onClick: () => {
              reviews
                .updateReview(review.id, { status: previous })
                .catch(() => notice(__('The review could not be restored.')));
            },
          },
        ],
      });
    } catch {
      notice(__('The review could not be updated. Please try again.'));
    }
  };

  return (
    <Panel title={__('Reviews')} count={reviews.total}>
      <label htmlFor={filterId}>{__('Show')}</label>{' '}
      <select
        id={filterId}
        value={show}
        onChange={(e) => setShow(e.target.value as 'hold' | 'approved')}
      >
        <option value="hold">{__('Awaiting moderation')}</option>
        <option value="approved">{__('Approved')}</option>
      </select>
      {reviews.error ? (
        <p role="alert">{__('The reviews could not be loaded.')}</p>
      ) : reviews.items.length === 0 && !reviews.isRequesting ? (
        <p>
          {show === 'hold' ? __('No reviews are waiting for you.') : __('No approved reviews yet.')}
        </p>
      ) : (
        <ul className="sl-activity__list">
          {reviews.items.map((r) => {
            const product =
              (r as Review & { product_name?: string }).product_name || `#${r.product_id}`;
            return (
              <li
                key={r.id}
                data-review-id={r.id}
                className="sl-activity__item"
                aria-busy={reviews.isUpdating(r.id) || undefined}
              >
                <p className="sl-activity__heading">
                  {sprintf(__('%1$s reviewed %2$s'), r.reviewer, product)}
                  {r.verified && <span className="sl-badge">{__('Verified owner')}</span>}
                </p>
                <Rating rating={r.rating} />
                <p>{new DOMParser().parseFromString(r.review, 'text/html').body.textContent}</p>
                <div className="sl-settings__buttons">
                  {moderations.map((m) => (
                    <button
                      key={m.label}
                      type="button"
                      className="sl-button"
                      disabled={reviews.isUpdating(r.id)}
                      aria-label={`${m.label}: ${sprintf(__('review by %s'), r.reviewer)}`}
                      onClick={() => void moderate(r, m)}
                    >
                      {m.label}
                    </button>
                  ))}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}

function StockRow({
  product,
  onSave,
  saving,
  editable,
}: {
  product: LowInStockRow;
  onSave: (product: LowInStockRow, quantity: number) => Promise<void>;
  saving: boolean;
  /** False when the connected shop's key is read-only (the panel says so once). */
  editable: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(product.stock_quantity ?? 0));
  const inputId = useId();
  const name = product.name ?? `#${product.id}`;
  const valid = /^-?\d+$/.test(value.trim());
  return (
    <li className="sl-activity__item" aria-busy={saving || undefined}>
      <p className="sl-activity__heading">{name}</p>
      <p>
        <span data-testid="stock-quantity">
          {sprintf(__('%d in stock'), Number(product.stock_quantity ?? 0))}
        </span>
        {product.last_order_date &&
          ` · ${sprintf(__('Last ordered %s'), String(product.last_order_date).slice(0, 10))}`}
      </p>
      {editing ? (
        <form
          className="sl-stock__form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!valid) return;
            setEditing(false);
            void onSave(product, Number(value.trim()));
          }}
        >
          <label htmlFor={inputId}>{sprintf(__('Stock of %s'), name)}</label>{' '}
          <input
            id={inputId}
            type="number"
            step={1}
            value={value}
            aria-invalid={!valid || undefined}
            onChange={(e) => setValue(e.target.value)}
          />{' '}
          <button type="submit" className="sl-button sl-button--primary" disabled={!valid}>
            {__('Save')}
          </button>{' '}
          <button type="button" className="sl-button" onClick={() => setEditing(false)}>
            {__('Cancel')}
          </button>
        </form>
      ) : !editable ? null : (
        <button
          type="button"
          className="sl-button"
          disabled={saving}
          aria-label={sprintf(__('Update stock of %s'), name)}
          onClick={() => {
            setValue(String(product.stock_quantity ?? 0));
            setEditing(true);
          }}
        >
          {__('Update stock')}
        </button>
      )}
    </li>
  );
}

/** Low-stock products with their quantity editable in place (optimistic; reverted on failure). */
export function StockPanel() {
  const stock = useItems('products/low-in-stock', { page: 1, per_page: 5 });
  const notice = useNotices();
  const dispatch = useStorelensDispatch();
  const shop = useStore().settings.connectedShop;
  const editable = shop?.canWrite !== false;
  const save = async (product: LowInStockRow, quantity: number) => {
    const previous = Number(product.stock_quantity ?? 0);
    const name = product.name ?? `#${product.id}`;
    const ok = await stock.updateProductStock(product, quantity);
    if (!ok) {
      const failure = await dispatch(lastStockError(product.id));
      notice(
        sprintf(
          __('The stock of %1$s could not be updated: %2$s'),
          name,
          failure?.message ?? __('the server refused the change'),
        ),
      );
      return;
    }
    const where = shop ? shop.name || shop.url : '';
    notice(
      where
        ? sprintf(__('%1$s stock updated on %2$s'), name, where)
        : sprintf(__('%s stock updated'), name),
      {
        actions: [
          {
            label: __('Undo'),
            onClick: () => {
              void stock.updateProductStock(product, previous).then((back) => {
                if (!back) notice(sprintf(__('The stock of %s could not be restored.'), name));
              });
            },
          },
        ],
      },
    );
  };
  return (
    <Panel title={__('Stock')} count={stock.total}>
      {stock.error ? (
        <p role="alert">{__('The low-stock products could not be loaded.')}</p>
      ) : stock.items.length === 0 && !stock.isRequesting ? (
        <p>{__('No products are low in stock.')}</p>
      ) : (
        <>
          {!editable && (
            <p>
              {sprintf(
                __('Stock cannot be edited here: %s is connected with a read-only API key.'),
                shop?.name || shop?.url || '',
              )}
            </p>
          )}
          <ul className="sl-activity__list">
            {stock.items.map((p) => (
              <StockRow
                key={p.id}
                product={p}
                onSave={save}
                saving={stock.isUpdating(p.id)}
                editable={editable}
              />
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}

/** Recent orders in the actionable statuses (Analytics settings decide which those are). */
export function OrdersPanel() {
  const { formatAmount, settings: store } = useStore();
  const shopUrl = store.connectedShop?.url;
  const { settings, lastReceived } = useSettings('wc_admin');
  const actionable = Array.isArray(settings.woocommerce_actionable_order_statuses)
    ? (settings.woocommerce_actionable_order_statuses as string[])
    : [];
  const none = lastReceived !== null && actionable.length === 0;
  const orders = useReportItemsWhenReady(
    'orders',
    lastReceived === null || none
      ? null
      : { status_is: actionable, per_page: 5, orderby: 'date', order: 'desc', extended_info: true },
  );
  const rows = orders.data;
  return (
    <Panel title={__('Orders')} count={lastReceived === null ? null : rows.length}>
      {none ? (
        <p>
          {__('No order statuses are marked actionable.')}{' '}
          <Link href={getNewPath({}, '/analytics/settings', {})}>
            {__('Choose them in Analytics settings')}
          </Link>
        </p>
      ) : orders.error ? (
        <p role="alert">{__('The orders could not be loaded.')}</p>
      ) : lastReceived !== null && rows.length === 0 && !orders.isRequesting ? (
        // Only once the actionable statuses are known: before, no orders were asked for.
        <p>{__('You’ve fulfilled all your orders')} 🎉</p>
      ) : (
        <ul className="sl-activity__list">
          {rows.map((o) => {
            const c = o.extended_info?.customer;
            const customer = [c?.first_name, c?.last_name].filter(Boolean).join(' ') || __('Guest');
            const number = sprintf(__('Order #%s'), o.order_number ?? String(o.order_id));
            const order = orderLink(
              { id: o.order_id, date: o.date_created },
              { query: {}, shopUrl },
            );
            const buyer = o.customer_id ? customerLink(o.customer_id) : null;
            return (
              <li key={o.order_id} className="sl-activity__item">
                <p className="sl-activity__heading">
                  {order?.external ? (
                    <a
                      className="sl-link"
                      href={order.href}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      {number}
                    </a>
                  ) : order ? (
                    <Link href={order.href}>{number}</Link>
                  ) : (
                    number
                  )}{' '}
                  {buyer ? <Link href={buyer.href}>{customer}</Link> : customer}
                </p>
                <p>
                  {sprintf(_n('%d product', '%d products', o.num_items_sold), o.num_items_sold)} ·{' '}
                  {formatAmount(o.total_sales)} ·{' '}
                  <OrderStatus order={o} statusMap={statusLabels(store.customStatuses)} /> ·{' '}
                  {relativeDate(o.date_created_gmt ?? o.date_created, Date.now())}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </Panel>
  );
}
