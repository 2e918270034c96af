import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { getReportDateParams, setStoreTimezone, setWeekStartsOn } from '@storelens/date';
import { type QueryInput, stringifyQuery } from '@storelens/navigation';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import type { Role } from '../src/auth/roles';
import { createApplicationPassword, createUser } from '../src/auth/users';
import type { Db, Engine } from '../src/db/database';
import { generateDemoStore } from '../src/demo/generate';
import { bootSettings } from '../src/web';
import { freshStore, TEST_PASSWORD, testEmail } from './harness';

/** A demo store (a year of orders up to today) served over real HTTP, with a key per role. */
export interface McpStore {
  db: Db;
  app: FastifyInstance;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** `authorization` headers (an application password) per role. */
  basic: Record<Role, Record<string, string>>;
  /** The e-mail and application password of each role. */
  keys: Record<Role, { email: string; password: string }>;
  close(): Promise<void>;
}

const ROLES: Role[] = ['administrator', 'shop_manager', 'analyst'];

/** The tools the MCP server offers (over HTTP and through the stdio bridge), by name, sorted. */
export const TOOL_NAMES = [
  'explain_metric',
  'get_report_items',
  'get_report_stats',
  'list_reports',
  'search_records',
];

export async function startMcpStore(
  engine: Engine,
  options: { orders?: number; prepare?: (app: FastifyInstance) => void } = {},
): Promise<McpStore> {
  const { db, drop } = await freshStore(engine);
  await generateDemoStore(db, { orders: options.orders ?? 400, years: 1, seed: 11 });
  const keys = {} as McpStore['keys'];
  const basic = {} as McpStore['basic'];
  for (const role of ROLES) {
    const email = testEmail(role);
    const user = await createUser(db, { email, name: role, role, password: TEST_PASSWORD });
    const { password } = await createApplicationPassword(db, user.id, 'assistant');
    keys[role] = { email, password };
    basic[role] = {
      authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    };
  }
  const app = await buildApp(db, { webRoot: '/nonexistent' });
  options.prepare?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  return {
    db,
    app,
    base,
    basic,
    keys,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/** An SDK client over Streamable HTTP to `/mcp`, sending `headers`. */
export async function httpClient(base: string, headers: Record<string, string>): Promise<Client> {
  return connected(
    new StreamableHTTPClientTransport(new URL('/mcp', base), { requestInit: { headers } }),
  );
}

export async function connected(transport: Transport): Promise<Client> {
  const client = new Client({ name: 'storelens-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** A REST answer read over HTTP as a user. */
export interface Rest {
  status: number;
  body: unknown;
  total: number;
  totalPages: number;
}

export async function rest(
  base: string,
  path: string,
  query: QueryInput,
  headers: Record<string, string>,
): Promise<Rest> {
  const qs = stringifyQuery(query, { lists: 'brackets' });
  const res = await fetch(`${base}${path}${qs ? `?${qs}` : ''}`, { headers });
  return {
    status: res.status,
    body: await res.json(),
    total: Number(res.headers.get('x-wp-total') ?? Number.NaN),
    totalPages: Number(res.headers.get('x-wp-totalpages') ?? Number.NaN),
  };
}

/** A tool's structured answer; fails the test on an error result. */
export async function call(
  client: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<Record<string, unknown> & { [key: string]: unknown }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (result.isError) throw new Error(`${name} refused: ${JSON.stringify(result.content)}`);
  // The text is the same JSON as the structured content (for clients that read only text).
  const text = result.content[0];
  if (text?.type !== 'text' || JSON.stringify(JSON.parse(text.text)) !== text.text)
    throw new Error(`${name}: the text content is not the answer's JSON`);
  return result.structuredContent as Record<string, unknown>;
}

/** A tool's error result (fails the test when the call succeeded). */
export async function refusal(client: Client, name: string, args: Record<string, unknown>) {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  if (!result.isError) throw new Error(`${name} answered instead of refusing`);
  const first = result.content[0];
  return {
    text: first?.type === 'text' ? first.text : '',
    error: (
      result.structuredContent as { error?: { code: string; params: Record<string, string> } }
    )?.error,
  };
}

/** The dashboard's REST dates of a query, on the store's clock (as the dashboard page works). */
export async function dashboardDates(db: Db, query: Record<string, string>) {
  const settings = await bootSettings(db);
  setStoreTimezone(settings.timezone);
  setWeekStartsOn(settings.startOfWeek);
  return getReportDateParams(query, settings.defaultDateRange);
}

/** A list of rows without their `_links` (the tools leave them out). */
export const withoutLinks = (rows: unknown) =>
  (rows as Record<string, unknown>[]).map(({ _links, ...row }) => row);

/** `a − b` at `places` decimals, from the money's smallest units (what the tools must answer). */
export function moneyDifference(a: number, b: number, places = 2): string {
  const units = BigInt(Math.round(a * 10 ** places)) - BigInt(Math.round(b * 10 ** places));
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(places + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}
