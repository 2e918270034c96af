import { getNewPath, getPersistedQuery, type Query } from '@storelens/navigation';

/**
 * The href of another report view that keeps the current date range (the persisted params),
 * e.g. a product row to its single-product view.
 */
export function reportHref(
  path: string,
  params: Readonly<Record<string, string | number>>,
  query: Query,
): string {
  const args = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return getNewPath({ ...getPersistedQuery(query), ...args }, path, {});
}

/** The connected WooCommerce shop's address, when it is a web address (http or https). */
function shopBase(shopUrl: string | undefined): string | null {
  if (!shopUrl || !/^https?:\/\//i.test(shopUrl)) return null;
  return shopUrl.replace(/\/+$/, '');
}

/** Where a cell leads: an in-app report view, or a page of the connected shop's admin. */
export interface RowLink {
  readonly href: string;
  /** True for the connected shop's admin (opened in a new tab). */
  readonly external: boolean;
}

/**
 * The link of an order number. With a connected shop it is
 * the order's edit page in the shop's admin, as WooCommerce links it (a refund goes to its
 * parent order, at the refunds). Without one, Storelens has no order page: the number opens
 * the Orders report on the order's day (`date`, store-local), which lists it; with no date,
 * `fallback` (e.g. the downloads of that order) is used.
 */
export function orderLink(
  order: { id: number; parentId?: number; date?: string },
  context: { query: Query; shopUrl?: string | undefined },
  fallback?: () => string,
): RowLink | null {
  const id = order.parentId && order.parentId > 0 ? order.parentId : order.id;
  if (!Number.isInteger(id) || id <= 0) return null;
  const shop = shopBase(context.shopUrl);
  if (shop) {
    const refund = order.parentId && order.parentId > 0 ? '#order_refunds' : '';
    return { href: `${shop}/wp-admin/post.php?post=${id}&action=edit${refund}`, external: true };
  }
  const day = order.date?.slice(0, 10) ?? '';
  if (/^\d{4}-\d{2}-\d{2}$/.test(day))
    return {
      href: reportHref(
        '/analytics/orders',
        { period: 'custom', after: day, before: day },
        context.query,
      ),
      external: false,
    };
  return fallback ? { href: fallback(), external: false } : null;
}

/**
 * A product's edit page in the connected shop's admin (the "Low" and stock-status links of
 * the Products and Stock tables), or null without a shop: Storelens has no product editor.
 */
export function shopProductHref(productId: number, shopUrl: string | undefined): string | null {
  const shop = shopBase(shopUrl);
  if (!shop || !Number.isInteger(productId) || productId <= 0) return null;
  return `${shop}/wp-admin/post.php?post=${productId}&action=edit`;
}

/**
 * A customer's filtered view: the Customers report narrowed to that customer (the
 * single-customer filter). Customers has no date range, so nothing persists.
 */
export function customerLink(customerId: number): RowLink | null {
  if (!Number.isInteger(customerId) || customerId <= 0) return null;
  return {
    href: getNewPath(
      { filter: 'single_customer', customers: String(customerId) },
      '/customers',
      {},
    ),
    external: false,
  };
}
