/** REST namespaces below the base URL (docs/api.md, "Conventions"). */
export const NAMESPACES = {
  analytics: '/wc-analytics',
  admin: '/wc-admin',
  jetpack: '/jetpack/v4',
  paypal: '/wc-paypal/v1',
  storelens: '/storelens/v1',
} as const;

/** The named stores (WooCommerce's names) plus the other per-domain stores. */
export const STORE_NAMES = {
  options: 'wc/admin/options',
  onboarding: 'wc/admin/onboarding',
  items: 'wc/admin/items',
  reports: 'wc/admin/reports',
  notes: 'wc/admin/notes',
  reviews: 'wc/admin/reviews',
  navigation: 'wc/admin/navigation',
  export: 'wc/admin/export',
  import: 'wc/admin/import',
  settings: 'wc/admin/settings',
  plugins: 'wc/admin/plugins',
  notifications: 'storelens/notifications',
  segments: 'storelens/segments',
  reads: 'storelens/reads',
} as const;
