import type { DateType } from '@storelens/api';
import type { Db } from '../db/database';
import { RawSql } from '../db/sql';
import { readStoreSettings, type StoreSettings } from '../options';
import type { SegmentNarrowing } from './filters';
import { moneyAt } from './metrics';

/** Rollup `date_kind` of each order date column. */
export const DATE_KIND: Record<DateType, 'paid' | 'created' | 'completed'> = {
  date_paid: 'paid',
  date_created: 'created',
  date_completed: 'completed',
};

/** What every analytics query needs: SQL, store settings, the order date reports use. */
export interface ReportContext {
  db: Db;
  sql: RawSql;
  settings: StoreSettings;
  /** The order date column reports filter and bucket on (`date_type`). */
  dateColumn: DateType;
  money: (units: number) => number;
  /** The narrowing of the request's saved segment (`segment=<id>`), when it names one. */
  segment?: SegmentNarrowing;
}

/** Builds the context of one request. */
export function reportContext(db: Db, settings: StoreSettings, dateType?: DateType): ReportContext {
  return {
    db,
    sql: new RawSql(db.kysely, db.engine),
    settings,
    dateColumn: dateType ?? settings.dateType,
    money: moneyAt(settings.currencyPrecision),
  };
}

/** The context of one request under the store's saved settings. */
export async function storeReportContext(db: Db): Promise<ReportContext> {
  return reportContext(db, await readStoreSettings(db));
}
