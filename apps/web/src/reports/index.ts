import { __ } from '@storelens/i18n';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** One report page of the dashboard: its in-app path, title and lazily loaded page. */
export interface ReportRoute {
  readonly path: string;
  readonly title: string;
  /** Loaded on first visit, one chunk per report, so more reports never grow the first load. */
  readonly component: LazyExoticComponent<ComponentType>;
}

const customers = lazy(() => import('./customers'));

/**
 * Every analytics report, in the order of the Analytics menu; Customers
 * answers both `/customers` (its WooCommerce menu place) and `/analytics/customers`.
 */
export const reportRoutes: ReportRoute[] = [
  {
    path: '/analytics/products',
    title: __('Products'),
    component: lazy(() => import('./products')),
  },
  { path: '/analytics/revenue', title: __('Revenue'), component: lazy(() => import('./revenue')) },
  { path: '/analytics/orders', title: __('Orders'), component: lazy(() => import('./orders')) },
  {
    path: '/analytics/variations',
    title: __('Variations'),
    component: lazy(() => import('./variations')),
  },
  {
    path: '/analytics/categories',
    title: __('Categories'),
    component: lazy(() => import('./categories')),
  },
  { path: '/analytics/coupons', title: __('Coupons'), component: lazy(() => import('./coupons')) },
  { path: '/analytics/taxes', title: __('Taxes'), component: lazy(() => import('./taxes')) },
  {
    path: '/analytics/downloads',
    title: __('Downloads'),
    component: lazy(() => import('./downloads')),
  },
  { path: '/analytics/stock', title: __('Stock'), component: lazy(() => import('./stock')) },
  {
    path: '/analytics/cohorts',
    title: __('Cohorts'),
    component: lazy(() => import('./cohorts')),
  },
  { path: '/analytics/sources', title: __('Sources'), component: lazy(() => import('./sources')) },
  { path: '/analytics/profit', title: __('Profit'), component: lazy(() => import('./profit')) },
  { path: '/analytics/costs', title: __('Costs'), component: lazy(() => import('./costs')) },
  { path: '/customers', title: __('Customers'), component: customers },
  { path: '/analytics/customers', title: __('Customers'), component: customers },
];
