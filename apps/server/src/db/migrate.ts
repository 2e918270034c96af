import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './database';
import * as m001 from './migrations/001_initial';
import * as m002 from './migrations/002_admin';
import * as m003 from './migrations/003_analytics';
import * as m004 from './migrations/004_month_rollups';
import * as m005 from './migrations/005_picker_search';
import * as m006 from './migrations/006_customer_totals';
import * as m007 from './migrations/007_list_indexes';
import * as m008 from './migrations/008_product_lookup_covering';
import * as m009 from './migrations/009_customer_gross_spend';
import * as m010 from './migrations/010_category_day';
import * as m011 from './migrations/011_add_multisets';
import * as m012 from './migrations/012_users';
import * as m013 from './migrations/013_customer_user_index';
import * as m014 from './migrations/014_connections';
import * as m015 from './migrations/015_item_day';
import * as m016 from './migrations/016_job_leases';
import * as m017 from './migrations/017_item_customers';
import * as m018 from './migrations/018_indicator_days';
import * as m019 from './migrations/019_day_rollups';
import * as m020 from './migrations/020_customer_orders_covering';
import * as m021 from './migrations/021_revenue_refund_count';
import * as m022 from './migrations/022_orders_amount_indexes';
import * as m023 from './migrations/023_customers_registered_id';
import * as m024 from './migrations/024_customers_sort_indexes';
import * as m025 from './migrations/025_item_visits';
import * as m026 from './migrations/026_customers_nulls_first';
import * as m027 from './migrations/027_record_digests';
import * as m029 from './migrations/029_order_fee_lines';
import * as m030 from './migrations/030_application_key_ids';
import * as m031 from './migrations/031_notifications';
import * as m032 from './migrations/032_alert_rules';
import * as m033 from './migrations/033_order_payment_attribution';
import * as m034 from './migrations/034_cost_of_goods';
import * as m035 from './migrations/035_profit_measures';
import * as m036 from './migrations/036_source_indexes';
import * as m037 from './migrations/037_customer_time';
import * as m038 from './migrations/038_saved_segments';
import * as m039 from './migrations/039_customers_email_lower';
import * as m040 from './migrations/040_source_day';
import * as m041 from './migrations/041_source_first_day';
import * as m042 from './migrations/042_coupon_profit';
import * as m043 from './migrations/043_rfm_indexes';
import * as m044 from './migrations/044_person_first_order';
import * as m045 from './migrations/045_source_paths';
import * as m046 from './migrations/046_customer_totals_profit';
import * as m047 from './migrations/047_order_stats_created_gmt';
import * as m048 from './migrations/048_rfm_days';
import * as m049 from './migrations/049_rfm_sweep_token';
import * as m050 from './migrations/050_cohort_days';
import * as m051 from './migrations/051_rollup_lookup_rows';

/** Every migration, in order. New ones are appended here. */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_admin': m002,
  '003_analytics': m003,
  '004_month_rollups': m004,
  '005_picker_search': m005,
  '006_customer_totals': m006,
  '007_list_indexes': m007,
  '008_product_lookup_covering': m008,
  '009_customer_gross_spend': m009,
  '010_category_day': m010,
  '011_add_multisets': m011,
  '012_users': m012,
  '013_customer_user_index': m013,
  '014_connections': m014,
  '015_item_day': m015,
  '016_job_leases': m016,
  '017_item_customers': m017,
  '018_indicator_days': m018,
  '019_day_rollups': m019,
  '020_customer_orders_covering': m020,
  '021_revenue_refund_count': m021,
  '022_orders_amount_indexes': m022,
  '023_customers_registered_id': m023,
  '024_customers_sort_indexes': m024,
  '025_item_visits': m025,
  '026_customers_nulls_first': m026,
  '027_record_digests': m027,
  '029_order_fee_lines': m029,
  '030_application_key_ids': m030,
  '031_notifications': m031,
  '032_alert_rules': m032,
  '033_order_payment_attribution': m033,
  '034_cost_of_goods': m034,
  '035_profit_measures': m035,
  '036_source_indexes': m036,
  '037_customer_time': m037,
  '038_saved_segments': m038,
  '039_customers_email_lower': m039,
  '040_source_day': m040,
  '041_source_first_day': m041,
  '042_coupon_profit': m042,
  '043_rfm_indexes': m043,
  '044_person_first_order': m044,
  '045_source_paths': m045,
  '046_customer_totals_profit': m046,
  '047_order_stats_created_gmt': m047,
  '048_rfm_days': m048,
  '049_rfm_sweep_token': m049,
  '050_cohort_days': m050,
  '051_rollup_lookup_rows': m051,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** The migrations' names, oldest first. */
export const MIGRATION_NAMES: readonly string[] = Object.keys(migrations);

function migrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider,
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

/** Applies pending migrations; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  const { error, results } = await migrator(db).migrateToLatest();
  throwIfFailed(error, results);
}

/** Each migration with the time it was applied to the store (undefined: pending). */
export async function migrationStatus(db: Db): Promise<{ name: string; appliedAt?: Date }[]> {
  return (await migrator(db).getMigrations()).map((m) => ({
    name: m.name,
    ...(m.executedAt ? { appliedAt: m.executedAt } : {}),
  }));
}

/**
 * Leaves the store with exactly the migrations up to `name` applied: the later ones undone,
 * newest first (or, on a store behind it, the missing ones applied). An older version of
 * Storelens, whose latest migration `name` is, refuses a store that has migrations it does not
 * know; this is what it needs first. Returns the migrations run, each with its direction.
 */
export async function migrateTo(
  db: Db,
  name: string,
): Promise<{ name: string; direction: 'Up' | 'Down' }[]> {
  if (!MIGRATION_NAMES.includes(name))
    throw new RangeError(
      `No migration is named ${name}; the migrations are ${MIGRATION_NAMES.join(', ')}.`,
    );
  const { error, results } = await migrator(db).migrateTo(name);
  throwIfFailed(error, results);
  return (results ?? []).map((r) => ({ name: r.migrationName, direction: r.direction }));
}

function throwIfFailed(
  error: unknown,
  results: readonly { status: string; migrationName: string }[] | undefined,
): void {
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed?.migrationName ?? 'unknown';
    // The cause stays attached: a database that cannot be reached is waited for (faults.ts).
    throw new Error(`Migration ${name} failed: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
}
