/*
 * Saved segments (docs/api.md, "Saved segments"): a name, an owner, shared or not, and the
 * query parameters of the report it was saved from. A report request naming `segment=<id>`
 * evaluates the segment on the request, with the report filters' own code: an orders
 * segment's parameters become order filters (analytics/filters.ts), a customers segment's
 * the Customers report's filters, cohort cell or RFM group (routes/lists.ts), whose matching
 * customers' orders the report keeps.
 */
import { type SegmentSource, segmentQuerySchemas } from '@storelens/api';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { ReportContext } from '../analytics/context';
import { matchingCustomerIds } from '../analytics/customers';
import { type FilterQuery, filtersFromQuery, type SegmentNarrowing } from '../analytics/filters';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import { isIsoDateTime } from '../routes/dates';
import { customerFilters, narrowedCustomers } from '../routes/lists';
import { splitCommaLists } from '../routes/querystring';
import type { SavedSegmentTable } from './schema';

/** A segment as stored, its query parsed. */
export interface SavedSegment {
  id: number;
  source: SegmentSource;
  query: Record<string, unknown>;
}

/** The report parameters' own validation: lists from commas, types coerced, formats checked. */
const ajv = new Ajv({
  coerceTypes: 'array',
  allErrors: true,
  useDefaults: false,
  removeAdditional: false,
  strict: false,
}).addFormat('storelens-date-time', isIsoDateTime);
const validators = new Map<SegmentSource, ValidateFunction>();
const validatorOf = (source: SegmentSource) => {
  let v = validators.get(source);
  if (!v) {
    v = ajv.compile(segmentQuerySchemas[source]);
    validators.set(source, v);
  }
  return v;
};

/** The parameter an ajv error is about (`product_includes`, or the unknown one). */
function paramOf(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties')
    return String((error.params as { additionalProperty?: string }).additionalProperty);
  return error.instancePath.split('/')[1] ?? '';
}

/**
 * Checks a segment's query against its source report's schema and normalises it (comma lists
 * split, numbers read); a bad parameter is a 400 naming `query.<param>`.
 */
export function normaliseSegmentQuery(
  source: SegmentSource,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (v === null || v === undefined || v === '') continue;
    copy[k] =
      typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : Array.isArray(v)
          ? v.map((x) =>
              Array.isArray(x) ? x.map((y) => String(y)) : typeof x === 'object' ? x : String(x),
            )
          : v;
  }
  const schema = segmentQuerySchemas[source];
  splitCommaLists(schema as Parameters<typeof splitCommaLists>[0], copy);
  const validate = validatorOf(source);
  if (!validate(copy)) {
    const params: Record<string, string> = {};
    for (const e of validate.errors ?? []) {
      const name = paramOf(e);
      const key = `query.${name}`;
      params[key] ??=
        e.keyword === 'additionalProperties'
          ? `${name} is not a parameter of the ${source} report's filters.`
          : `${name} ${e.message ?? 'is invalid'}.`;
    }
    throw ApiError.invalidParams(params);
  }
  if (source === 'customers' && copy.cohort_period !== undefined && copy.cohort === undefined)
    throw ApiError.invalidParams({ 'query.cohort_period': 'cohort_period needs a cohort.' });
  return copy;
}

/** A stored row as a segment. */
export function savedSegment(row: SavedSegmentTable): SavedSegment {
  return {
    id: Number(row.id),
    source: row.source as SegmentSource,
    query: JSON.parse(row.query) as Record<string, unknown>,
  };
}

/**
 * The segment a report request names, if the caller sees it (their own or a shared one; a
 * read with no user sees every one): else 400 naming `segment`. An export reads as the
 * account that asked for it.
 */
export async function requestSegment(
  db: Db,
  request: { authUser?: { id: number } | undefined },
  id: number,
): Promise<SavedSegment> {
  const user = request.authUser;
  let query = db.kysely.selectFrom('saved_segments').selectAll().where('id', '=', id);
  if (user) query = query.where((eb) => eb.or([eb('user_id', '=', user.id), eb('shared', '=', 1)]));
  const row = await query.executeTakeFirst();
  if (!row)
    throw ApiError.invalidParams({ segment: `segment ${id} is not a segment you can use.` });
  return savedSegment(row);
}

/**
 * What a segment narrows a report to, evaluated now: an orders segment's order filters, or
 * the ids of the customers a customers segment matches. Its queries are validated again
 * (a stored query is normalised already, so this only reads it).
 */
export async function segmentNarrowing(
  ctx: ReportContext,
  segment: SavedSegment,
): Promise<SegmentNarrowing> {
  const q = normaliseSegmentQuery(segment.source, segment.query);
  if (segment.source === 'orders') return { orders: filtersFromQuery(q as FilterQuery) };
  const typed = q as Parameters<typeof customerFilters>[1];
  const f = await narrowedCustomers(
    { ...ctx, segment: undefined },
    typed,
    customerFilters(ctx, typed),
  );
  return { customers: await matchingCustomerIds(ctx, f) };
}
