/**
 * The role matrix: which capability (WordPress's names) each role has. This is the only place
 * it is written; the README prints the same table, and every route declares the capability it
 * needs (auth/capability.ts).
 */
export const CAPABILITIES = [
  'read',
  'view_woocommerce_reports',
  'manage_woocommerce',
  'manage_options',
] as const;

/** A capability a route can require. */
export type Capability = (typeof CAPABILITIES)[number];

export const ROLES = ['administrator', 'shop_manager', 'analyst'] as const;

/** A user's role. */
export type Role = (typeof ROLES)[number];

/** Role -> capabilities. Each role has its own list, so a reader needs no inheritance rule. */
export const ROLE_CAPABILITIES: Readonly<Record<Role, readonly Capability[]>> = {
  administrator: ['read', 'view_woocommerce_reports', 'manage_woocommerce', 'manage_options'],
  shop_manager: ['read', 'view_woocommerce_reports', 'manage_woocommerce'],
  analyst: ['read', 'view_woocommerce_reports'],
};

/** Display names of the roles (the Users page and the README use them). */
export const ROLE_NAMES: Readonly<Record<Role, string>> = {
  administrator: 'Administrator',
  shop_manager: 'Shop manager',
  analyst: 'Analyst',
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Whether a role has a capability. */
export function can(role: Role, capability: Capability): boolean {
  return ROLE_CAPABILITIES[role].includes(capability);
}

/** The `capabilities` object of `GET /wp/v2/users/me`: `{cap: true}` per capability, plus the role. */
export function capabilitiesOf(role: Role): Record<string, true> {
  const out: Record<string, true> = { [role]: true };
  for (const c of ROLE_CAPABILITIES[role]) out[c] = true;
  return out;
}

/**
 * Options the report screens read (currency, timezone, date type…) that a user without
 * `manage_options` may still read; every other option needs `manage_options`.
 */
export const REPORT_READABLE_OPTIONS: ReadonlySet<string> = new Set([
  'timezone_string',
  'gmt_offset',
  'start_of_week',
  'date_format',
  'time_format',
  'woocommerce_currency',
  'woocommerce_currency_pos',
  'woocommerce_price_thousand_sep',
  'woocommerce_price_decimal_sep',
  'woocommerce_price_num_decimals',
  'woocommerce_default_date_range',
  'woocommerce_date_type',
  'woocommerce_excluded_report_order_statuses',
  'woocommerce_actionable_order_statuses',
  'woocommerce_default_country',
  'woocommerce_manage_stock',
  'woocommerce_notify_low_stock_amount',
  'woocommerce_notify_no_stock_amount',
  'woocommerce_task_list_hidden',
  'woocommerce_task_list_complete',
  'woocommerce_admin_install_timestamp',
  'woocommerce_navigation_enabled',
]);
