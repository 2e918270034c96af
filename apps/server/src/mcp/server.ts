/**
 * The Storelens MCP server: the tools (tools.ts), two resources (the store's report settings and
 * the metric glossary) and two prompts (a weekly review, why sales changed). One is made per
 * HTTP request (route.ts), acting for that request's user.
 */

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { BootSettings } from '@storelens/api';
import { z } from 'zod';
import { COMPARES, PERIODS } from './dates';
import { glossarySection } from './glossary';
import { SERVER_INFO } from './info';
import { registerTools, type ToolContext } from './tools';

const INSTRUCTIONS = [
  "Storelens answers questions about this shop's sales from its analytics reports, with the",
  "signed-in user's permissions. Figures are the reports' own (the same as the dashboard);",
  'money is in the store currency (currency in each answer) and exact. Dates are the',
  "store's days (its time zone). Every answer has a dashboard_url that shows the same",
  'figures: give it to the user so a number can be checked. Start with list_reports when',
  'unsure which report answers a question; explain_metric says how a metric is computed.',
].join(' ');

const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

/** The store settings resource: what decides the reports' days, money and orders counted. */
function settingsResource(s: BootSettings) {
  return {
    currency: {
      code: s.currency.code,
      symbol: s.currency.symbol,
      decimals: s.currency.precision,
      symbol_position: s.currency.symbolPosition,
      thousand_separator: s.currency.thousandSeparator,
      decimal_separator: s.currency.decimalSeparator,
    },
    timezone: s.timezone,
    week_starts_on: WEEKDAYS[s.startOfWeek] ?? s.startOfWeek,
    date_type: s.dateType,
    excluded_statuses: s.excludedStatuses,
    default_date_range: s.defaultDateRange,
    ...(s.customStatuses?.length ? { custom_statuses: s.customStatuses } : {}),
  };
}

/** A prompt's single user message. */
const ask = (text: string) => ({
  messages: [{ role: 'user' as const, content: { type: 'text' as const, text } }],
});

/** Builds the server for one request's context. */
export function createMcpServer(context: ToolContext): McpServer {
  const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
  registerTools(server, context);

  server.registerResource(
    'settings',
    'storelens://settings',
    {
      title: 'Store report settings',
      description:
        'Currency (code, symbol, decimals), time zone, week start, the order date the reports ' +
        'follow (date_type), the order statuses left out of every figure, and the default range.',
      mimeType: 'application/json',
    },
    async (uri) => ({
      contents: [
        {
          uri: uri.href,
          mimeType: 'application/json',
          text: JSON.stringify(settingsResource(await context.settings()), null, 2),
        },
      ],
    }),
  );

  server.registerResource(
    'metric-glossary',
    'storelens://metrics/glossary',
    {
      title: 'Metric glossary',
      description:
        "Each number's names in the API, the database, the code and on screen (docs/metrics.md).",
      mimeType: 'text/markdown',
    },
    async (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/markdown', text: glossarySection() }],
    }),
  );

  server.registerPrompt(
    'weekly_review',
    {
      title: 'Weekly review',
      description: "Reviews last week's sales against the week before (or a year before).",
      argsSchema: {
        compare: z
          .enum(COMPARES.filter((c) => c !== 'none') as [string, ...string[]])
          .optional()
          .describe('previous_period (default) or previous_year.'),
      },
    },
    ({ compare }) => {
      const against = compare ?? 'previous_period';
      return ask(
        [
          `Give me a review of last week's sales, compared with ${against === 'previous_year' ? 'the same week a year earlier' : 'the week before'}.`,
          `1. get_report_stats report=revenue period=last_week compare=${against}: net sales, gross sales, returns, coupons, orders; say what moved most.`,
          `2. get_report_stats report=orders, same dates: orders and average order value.`,
          `3. get_report_items report=products orderby=net_revenue per_page=5, same dates: the top products and how each changed.`,
          `4. get_report_items report=categories orderby=net_revenue per_page=5 and report=coupons orderby=amount per_page=5, same dates.`,
          'Keep it short: the figures (in the store currency), the changes as percentages, two or three observations, and the dashboard links to check them. Use explain_metric if a metric needs explaining.',
        ].join('\n'),
      );
    },
  );

  server.registerPrompt(
    'why_sales_changed',
    {
      title: 'Why did sales change?',
      description:
        'Explains a change in sales between two ranges: orders against order value, which ' +
        'products and categories, coupons and returns.',
      argsSchema: {
        period: z
          .enum(PERIODS)
          .optional()
          .describe('The range to explain (default last_month); custom needs after and before.'),
        after: z.string().optional().describe('custom: first day, YYYY-MM-DD.'),
        before: z.string().optional().describe('custom: last day, YYYY-MM-DD.'),
        compare: z
          .enum(COMPARES.filter((c) => c !== 'none') as [string, ...string[]])
          .optional()
          .describe('previous_period (default) or previous_year.'),
      },
    },
    ({ period, after, before, compare }) => {
      const dates = [
        `period=${period ?? 'last_month'}`,
        ...(after ? [`after=${after}`] : []),
        ...(before ? [`before=${before}`] : []),
        `compare=${compare ?? 'previous_period'}`,
      ].join(' ');
      return ask(
        [
          `Why did my sales change (${dates})?`,
          `1. get_report_stats report=revenue ${dates}: how net sales changed, and how much came from returns, coupons and shipping.`,
          `2. get_report_stats report=orders ${dates}: was it the number of orders or the average order value?`,
          `3. get_report_items report=products orderby=net_revenue ${dates} (and report=categories): which products and categories gained or lost the most; page on if the change is spread.`,
          `4. get_report_items report=coupons orderby=amount ${dates}: did discounts change?`,
          'Answer with the few causes that explain most of the difference, each with its figures, its share of the change and the dashboard link. Say plainly when the figures do not explain it.',
        ].join('\n'),
      );
    },
  );

  return server;
}
