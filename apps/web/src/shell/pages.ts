import { __ } from '@storelens/i18n';

/** One page of the dashboard as the navigation knows it. */
export interface PageEntry {
  /** Favorites id (the navigation store's item id). */
  id: string;
  path: string;
  title: string;
  /** `analytics` pages sit under the Analytics group and breadcrumb. */
  group: 'woocommerce' | 'analytics';
  /** Whether menu links to it carry the persisted report query. */
  persistsQuery: boolean;
  /**
   * The capability the page needs (apps/server/src/auth/roles.ts): Analytics settings are
   * store-wide, so `manage_options` (administrators, as the server's settings writes); Home
   * and Costs write store data, so `manage_woocommerce`; the reports need
   * `view_woocommerce_reports`, and so does Notifications, where every role manages its own
   * digests and alert rules (the notifier's routes ask the same).
   */
  capability: 'manage_options' | 'manage_woocommerce' | 'view_woocommerce_reports';
}

/**
 * Every page the issue names, in menu order. Report pages are shown only once the reports
 * registry has them; the shell's own pages (Home, Overview, Settings) always are.
 */
export const ALL_PAGES: readonly PageEntry[] = [
  page('woocommerce-home', '/', __('Home'), 'woocommerce', false),
  page('woocommerce-analytics-overview', '/analytics/overview', __('Overview'), 'analytics', true),
  page('woocommerce-analytics-revenue', '/analytics/revenue', __('Revenue'), 'analytics', true),
  page('woocommerce-analytics-orders', '/analytics/orders', __('Orders'), 'analytics', true),
  page('woocommerce-analytics-products', '/analytics/products', __('Products'), 'analytics', true),
  page(
    'woocommerce-analytics-variations',
    '/analytics/variations',
    __('Variations'),
    'analytics',
    true,
  ),
  page(
    'woocommerce-analytics-categories',
    '/analytics/categories',
    __('Categories'),
    'analytics',
    true,
  ),
  page('woocommerce-analytics-coupons', '/analytics/coupons', __('Coupons'), 'analytics', true),
  page('woocommerce-analytics-taxes', '/analytics/taxes', __('Taxes'), 'analytics', true),
  page(
    'woocommerce-analytics-downloads',
    '/analytics/downloads',
    __('Downloads'),
    'analytics',
    true,
  ),
  page('woocommerce-analytics-stock', '/analytics/stock', __('Stock'), 'analytics', false),
  page('storelens-analytics-cohorts', '/analytics/cohorts', __('Cohorts'), 'analytics', true),
  page('storelens-analytics-sources', '/analytics/sources', __('Sources'), 'analytics', true),
  page('storelens-analytics-profit', '/analytics/profit', __('Profit'), 'analytics', true),
  page('storelens-analytics-costs', '/analytics/costs', __('Costs'), 'analytics', false),
  page('woocommerce-analytics-settings', '/analytics/settings', __('Settings'), 'analytics', false),
  page(
    'storelens-connections',
    '/analytics/settings/connections',
    __('Connections'),
    'analytics',
    false,
  ),
  page(
    'storelens-notifications',
    '/analytics/settings/notifications',
    __('Notifications'),
    'analytics',
    false,
  ),
  page('storelens-segments', '/analytics/settings/segments', __('Segments'), 'analytics', false),
  page('woocommerce-customers', '/customers', __('Customers'), 'woocommerce', false),
];

/** The pages the shell itself provides. */
export const SHELL_PATHS: readonly string[] = [
  '/',
  '/analytics/overview',
  '/analytics/settings',
  '/analytics/settings/connections',
  '/analytics/settings/notifications',
  '/analytics/settings/segments',
];

function page(
  id: string,
  path: string,
  title: string,
  group: PageEntry['group'],
  persistsQuery: boolean,
): PageEntry {
  const capability =
    path === '/analytics/settings' || path === '/analytics/settings/connections'
      ? 'manage_options'
      : path === '/' || path === '/analytics/costs'
        ? 'manage_woocommerce'
        : 'view_woocommerce_reports';
  return { id, path, title, group, persistsQuery, capability };
}

/**
 * The pages that exist (the shell's own plus those the reports registry provides) and that
 * the user may open (`can` is absent while the user is not known yet).
 */
export function availablePages(
  reportPaths: readonly string[],
  can: (capability: string) => boolean = () => true,
): PageEntry[] {
  const have = new Set([...SHELL_PATHS, ...reportPaths]);
  return ALL_PAGES.filter((p) => have.has(p.path) && can(p.capability));
}

/** `/analytics/customers` is an alias of `/customers` (links from leaderboards use it). */
export function canonicalPath(path: string): string {
  return path === '/analytics/customers' ? '/customers' : path;
}

/** One breadcrumb: its label and, except for the current page, where it links. */
export interface Crumb {
  label: string;
  path?: string;
}

/**
 * The breadcrumb trail of a path: root › [Analytics ›] page. "Analytics"
 * links to Overview from Overview and to Revenue elsewhere, as WooCommerce does.
 */
export function breadcrumbs(path: string, title: string | null): Crumb[] {
  const root: Crumb = { label: __('Storelens') };
  if (title === null) return [root, { label: __('Page not found') }];
  const entry = ALL_PAGES.find((p) => p.path === canonicalPath(path));
  const analytics = path.startsWith('/analytics/') || entry?.group === 'analytics';
  if (!analytics) return [root, { label: title }];
  return [
    root,
    {
      label: __('Analytics'),
      path: path === '/analytics/overview' ? '/analytics/overview' : '/analytics/revenue',
    },
    { label: title },
  ];
}

/** The document title: the breadcrumb read from the page back to the root. */
export function documentTitle(trail: readonly Crumb[]): string {
  return [...trail]
    .reverse()
    .map((c) => c.label)
    .join(' ‹ ');
}
