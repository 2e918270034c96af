import { type DateType, type OrderStatus, settingDefinitions } from '@storelens/api';
import type { Db } from './db/database';
import { checkSettingValue } from './settings-values';

/**
 * The namespace of the options the server keeps for itself: control state that start-up,
 * ingestion, the connector and the plugin routes act on (the demo generation mark, the item
 * visits' stale mark, the connected shop, the Jetpack connection and its state, the deleted
 * import). Every such option is named with this prefix.
 */
export const INTERNAL_OPTION_PREFIX = 'storelens_';

/**
 * Internal options named before the namespace: the demo seed says the store holds the
 * generated demo (connecting a shop then replaces the data; at start-up, with no orders, the
 * demo is generated again).
 */
const LEGACY_INTERNAL_OPTIONS: ReadonlySet<string> = new Set(['woocommerce_demo_seed']);

/**
 * True for an option the server keeps for itself: the options route neither reads nor writes
 * it (admin/options.ts). Every other option belongs to the WordPress and WooCommerce clients.
 */
export function isInternalOption(name: string): boolean {
  return name.startsWith(INTERNAL_OPTION_PREFIX) || LEGACY_INTERNAL_OPTIONS.has(name);
}

/** Reads options by name; a missing option is absent from the result. */
export async function getOptions(
  db: Pick<Db, 'kysely'>,
  names: readonly string[],
): Promise<Map<string, unknown>> {
  if (names.length === 0) return new Map();
  const rows = await db.kysely
    .selectFrom('options')
    .select(['name', 'value'])
    .where('name', 'in', names as string[])
    .execute();
  return new Map(rows.map((r) => [r.name, JSON.parse(r.value) as unknown]));
}

/** Writes options (JSON-encoded), inserting or replacing each. */
export async function setOptions(db: Db, values: Record<string, unknown>): Promise<void> {
  const rows = Object.entries(values).map(([name, value]) => ({
    name,
    value: JSON.stringify(value),
  }));
  if (rows.length === 0) return;
  await db.kysely
    .insertInto('options')
    .values(rows)
    .onConflict((oc) =>
      oc.column('name').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') })),
    )
    .execute();
}

/** The store settings analytics depend on. */
export interface StoreSettings {
  timezone: string;
  /** 0 = Sunday … 6 = Saturday. */
  startOfWeek: number;
  excludedStatuses: OrderStatus[];
  dateType: DateType;
  currency: string;
  currencyPrecision: number;
}

/** Defaults of a new store. */
export const defaultStoreSettings: StoreSettings = {
  timezone: 'UTC',
  startOfWeek: 1,
  excludedStatuses: ['pending', 'failed', 'cancelled'],
  dateType: 'date_paid',
  currency: 'USD',
  currencyPrecision: 2,
};

const settingIds = [
  'timezone_string',
  'start_of_week',
  'woocommerce_excluded_report_order_statuses',
  'woocommerce_date_type',
  'woocommerce_currency',
  'woocommerce_price_num_decimals',
] as const;

/**
 * Only the stored values that pass their setting's validation: a value written before the
 * options route validated settings, or straight into the database, falls back to the default
 * instead of failing every report (a bad time zone was a 500, bad decimals nulled every total).
 */
function validSettings(stored: Map<string, unknown>): Map<string, unknown> {
  const valid = new Map<string, unknown>();
  for (const [id, value] of stored) {
    const def = settingDefinitions.find((d) => d.id === id);
    if (!def) continue;
    const check = checkSettingValue(def, value);
    if (check.ok) valid.set(id, check.value);
    else if (!warned.has(`${id}=${JSON.stringify(value)}`)) {
      warned.add(`${id}=${JSON.stringify(value)}`);
      console.warn(`Ignoring the stored setting ${check.reason} The default applies.`);
    }
  }
  return valid;
}
const warned = new Set<string>();

/** Reads the analytics-relevant settings, falling back to the defaults. */
export async function readStoreSettings(db: Pick<Db, 'kysely'>): Promise<StoreSettings> {
  const o = validSettings(await getOptions(db, settingIds));
  const d = defaultStoreSettings;
  return {
    timezone: (o.get('timezone_string') as string) || d.timezone,
    startOfWeek: Number(o.get('start_of_week') ?? d.startOfWeek),
    excludedStatuses:
      (o.get('woocommerce_excluded_report_order_statuses') as OrderStatus[]) ?? d.excludedStatuses,
    dateType: (o.get('woocommerce_date_type') as DateType) || d.dateType,
    currency: (o.get('woocommerce_currency') as string) || d.currency,
    currencyPrecision: Number(o.get('woocommerce_price_num_decimals') ?? d.currencyPrecision),
  };
}
