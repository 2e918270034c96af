import {
  AttributeBody,
  AttributeIdParams,
  AttributesSearchQuery,
  AttributesSearchResponse,
  AttributeTermsQuery,
  AttributeTermsResponse,
  CategoriesSearchQuery,
  CategoriesSearchResponse,
  CountriesQuery,
  CountriesResponse,
  CouponsSearchQuery,
  CouponsSearchResponse,
  CustomersListQuery,
  CustomersSearchResponse,
  DownloadIpsQuery,
  DownloadIpsResponse,
  MAX_FULL_LIST,
  NumericIdParams,
  OrdersSearchQuery,
  OrdersSearchResponse,
  ParentIdParams,
  ProductsSearchQuery,
  ProductsSearchResponse,
  TaxesSearchQuery,
  TaxesSearchResponse,
  VariationsSearchQuery,
  VariationsSearchResponse,
} from '@storelens/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TArray, TSchema } from 'typebox';
import { type ReportContext, storeReportContext } from '../analytics/context';
import { countries } from '../analytics/countries';
import { customersList } from '../analytics/customers';
import type { ListResult } from '../analytics/paging';
import { attributeTerms, findAttribute, searchAttributes } from '../analytics/pickers/attributes';
import { searchCategories } from '../analytics/pickers/categories';
import { searchCoupons } from '../analytics/pickers/coupons';
import { searchCustomers } from '../analytics/pickers/customers';
import { downloadIps } from '../analytics/pickers/download-ips';
import { searchOrders } from '../analytics/pickers/orders';
import { searchProducts } from '../analytics/pickers/products';
import { searchTaxes } from '../analytics/pickers/taxes';
import { searchVariations } from '../analytics/pickers/variations';
import { lowStockThreshold } from '../analytics/product-records';
import type { Db } from '../db/database';
import { ApiError } from '../errors';
import type { TypeBoxProvider } from '../route-types';
import { customerFilters } from './lists';
import { setPagingHeaders } from './paging';

const BASE = '/wp-json/wc-analytics';
const isTrue = (v: unknown) => v === true || v === 'true' || v === '1';

/**
 * A GET picker route: validates query (and params), answers a page with its headers, written by
 * the response schema (an array of rows, which the handler's rows must be). The handler's query
 * and params are typed from the schemas given, which the route validates them with.
 */
function picker<Q extends TSchema, R extends TArray, P extends TSchema = TSchema>(
  app: FastifyInstance,
  db: Db,
  path: string,
  schema: { querystring: Q; params?: P; response: R },
  handler: (
    ctx: ReportContext,
    q: Static<Q>,
    params: Static<P>,
  ) => Promise<ListResult<Static<R>[number]> | Static<R>>,
) {
  const { response, ...input } = schema;
  // Typed as a plain TSchema: the rows are checked against R by the handler's type above.
  const routeSchema: Record<string, TSchema | Record<number, TSchema>> = {
    ...input,
    response: { 200: response },
  };
  app.get(path, { schema: routeSchema }, async (request: FastifyRequest, reply: FastifyReply) => {
    const ctx = await storeReportContext(db);
    // The type provider (route-types.ts) cannot type a request from a generic schema: TypeScript
    // leaves its conditional type over Q and P unresolved. So this one cast types the query and
    // params by the Q and P the route validates them with.
    const { query: q, params } = request as FastifyRequest & {
      query: Static<Q>;
      params: Static<P>;
    };
    const result = await handler(ctx, q, params);
    if (Array.isArray(result)) {
      setPagingHeaders(request, reply, 1, result.length, 1);
      return result;
    }
    const page = (q as { page?: number }).page;
    setPagingHeaders(request, reply, page ?? 1, result.total, result.totalPages);
    return result.rows;
  });
}

/** `per_page=-1` lists everything, up to MAX_FULL_LIST: beyond that a 400 naming per_page. */
function checkFullList(perPage: number, total: number) {
  if (perPage < 0 && total > MAX_FULL_LIST) {
    throw ApiError.invalidParams({
      per_page: `per_page=-1 lists at most ${MAX_FULL_LIST} items and this request matches ${total}; page through it instead.`,
    });
  }
}

const paging = (
  q: { page?: number; per_page?: number; order?: 'asc' | 'desc' },
  order: 'asc' | 'desc',
) => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? 10,
  order: q.order ?? order,
});

/** The picker searches (docs/api.md, "Analytics: picker searches"). */
export function pickerRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  picker(
    app,
    db,
    `${BASE}/products`,
    { querystring: ProductsSearchQuery, response: ProductsSearchResponse },
    async (ctx, q) => {
      const p = paging(q, 'desc');
      const result = await searchProducts(ctx, {
        ...p,
        perPage: q.per_page === -1 ? -1 : p.perPage,
        orderby: q.orderby ?? 'date',
        search: q.search || undefined,
        include: q.include ?? [],
        exclude: q.exclude ?? [],
        type: q.type,
        sku: q.sku || undefined,
        category: q.category ? q.category.split(',').map(Number) : [],
        lowThreshold: await lowStockThreshold(ctx),
        lowInStock: isTrue(q.low_in_stock),
        status: q.status ?? 'any',
      });
      checkFullList(q.per_page ?? 10, result.total);
      return result;
    },
  );
  const variations = async (
    ctx: ReportContext,
    q: Static<typeof VariationsSearchQuery>,
    parent: number | undefined,
  ) => {
    const p = paging(q, 'desc');
    const result = await searchVariations(ctx, {
      ...p,
      perPage: q.per_page === -1 ? -1 : p.perPage,
      orderby: q.orderby ?? 'date',
      parent,
      search: q.search || undefined,
      include: q.include ?? [],
      exclude: q.exclude ?? [],
    });
    checkFullList(q.per_page ?? 10, result.total);
    return result;
  };
  picker(
    app,
    db,
    `${BASE}/products/:parent/variations`,
    {
      querystring: VariationsSearchQuery,
      params: ParentIdParams,
      response: VariationsSearchResponse,
    },
    (ctx, q, params) => variations(ctx, q, params.parent),
  );
  picker(
    app,
    db,
    `${BASE}/variations`,
    { querystring: VariationsSearchQuery, response: VariationsSearchResponse },
    (ctx, q) => variations(ctx, q, undefined),
  );
  picker(
    app,
    db,
    `${BASE}/products/categories`,
    { querystring: CategoriesSearchQuery, response: CategoriesSearchResponse },
    (ctx, q) =>
      searchCategories(ctx, {
        ...paging(q, 'asc'),
        orderby: q.orderby ?? 'name',
        search: q.search || undefined,
        include: q.include ?? [],
        exclude: q.exclude ?? [],
        parent: q.parent,
        hideEmpty: isTrue(q.hide_empty),
      }),
  );
  picker(
    app,
    db,
    `${BASE}/products/attributes`,
    { querystring: AttributesSearchQuery, response: AttributesSearchResponse },
    (ctx, q) => searchAttributes(ctx, q.search || undefined),
  );
  routes.get(
    `${BASE}/products/attributes/:id`,
    {
      schema: {
        querystring: AttributesSearchQuery,
        params: AttributeIdParams,
        response: { 200: AttributeBody },
      },
    },
    async (request) => {
      const ctx = await storeReportContext(db);
      const found = await findAttribute(ctx, request.params.id);
      if (!found) throw ApiError.of('woocommerce_rest_taxonomy_invalid');
      return found;
    },
  );
  picker(
    app,
    db,
    `${BASE}/products/attributes/:id/terms`,
    {
      querystring: AttributeTermsQuery,
      params: AttributeIdParams,
      response: AttributeTermsResponse,
    },
    async (ctx, q, params) => {
      const found = await findAttribute(ctx, params.id);
      if (!found) throw ApiError.of('woocommerce_rest_taxonomy_invalid');
      return attributeTerms(ctx, found.id, {
        ...paging(q, 'asc'),
        orderby: q.orderby ?? 'name',
        search: q.search || undefined,
        include: q.include ?? [],
      });
    },
  );
  picker(
    app,
    db,
    `${BASE}/coupons`,
    { querystring: CouponsSearchQuery, response: CouponsSearchResponse },
    (ctx, q) =>
      searchCoupons(ctx, {
        ...paging(q, 'desc'),
        orderby: q.orderby ?? 'date',
        search: q.search || q.code || undefined,
        include: q.include ?? [],
        exclude: q.exclude ?? [],
      }),
  );
  picker(
    app,
    db,
    `${BASE}/customers`,
    { querystring: CustomersListQuery, response: CustomersSearchResponse },
    (ctx, q) =>
      searchCustomers(ctx, customerFilters(ctx, q), {
        ...paging(q, 'desc'),
        orderby: q.orderby ?? 'date_registered',
      }),
  );
  picker(
    app,
    db,
    `${BASE}/customers/:id`,
    { querystring: CountriesQuery, params: NumericIdParams, response: CustomersSearchResponse },
    async (ctx, _q, params) => {
      const found = await customersList(ctx, customerFilters(ctx, { customers: [params.id] }), {
        page: 1,
        perPage: 1,
        order: 'desc',
        orderby: 'date_registered',
      });
      if (!found.rows.length) {
        throw ApiError.of('woocommerce_rest_customer_invalid_id');
      }
      return found.rows;
    },
  );
  picker(
    app,
    db,
    `${BASE}/data/countries`,
    { querystring: CountriesQuery, response: CountriesResponse },
    async () => countries(),
  );
  picker(
    app,
    db,
    `${BASE}/data/download-ips`,
    { querystring: DownloadIpsQuery, response: DownloadIpsResponse },
    async (ctx, q) => {
      if (!q.match) {
        throw ApiError.of('woocommerce_rest_data_download_ips_invalid_request', '', {
          match: 'match is required.',
        });
      }
      return downloadIps(ctx, q.match);
    },
  );
  picker(
    app,
    db,
    `${BASE}/orders`,
    { querystring: OrdersSearchQuery, response: OrdersSearchResponse },
    (ctx, q) =>
      searchOrders(ctx, {
        ...paging(q, 'desc'),
        orderby: q.orderby ?? 'date',
        number: q.number ?? q.search,
        include: q.include ?? [],
        statuses: q.status ?? ['any'],
      }),
  );
  picker(
    app,
    db,
    `${BASE}/taxes`,
    { querystring: TaxesSearchQuery, response: TaxesSearchResponse },
    (ctx, q) =>
      searchTaxes(ctx, {
        ...paging(q, 'asc'),
        orderby: q.orderby ?? 'id',
        search: q.search || q.code || undefined,
        include: q.include ?? [],
      }),
  );
}
