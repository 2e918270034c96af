/**
 * The metric definitions of `docs/metrics.md`, read from the document itself when asked, so the
 * MCP server explains a metric exactly as the documentation does (no copy of its text here).
 * The glossary table maps a number's names across the code, the database, the API and the
 * screen; the tables of the sections above it ("| metric | definition |") define each number.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where the document is: the repository's docs folder, from this file's place in it. Worked out
 * when asked: a browser-like test environment that loads the app (the compat suite's jsdom)
 * gives modules a URL that is not a file's.
 */
export const metricsDocPath = () =>
  fileURLToPath(new URL('../../../../docs/metrics.md', import.meta.url));

/** One markdown table: its heading path, its header cells and its rows (keyed by header). */
interface Table {
  section: string;
  headers: string[];
  rows: Record<string, string>[];
}

/** The cells of one table line (`| a | b |`). */
const cells = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** Every table of a markdown text, with the heading it sits under. */
export function tablesOf(text: string): Table[] {
  const tables: Table[] = [];
  let section = '';
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading) {
      section = heading[1]!.trim();
      continue;
    }
    if (!line.trim().startsWith('|') || !/^\s*\|[\s:|-]+\|\s*$/.test(lines[i + 1] ?? '')) continue;
    const headers = cells(line);
    const rows: Record<string, string>[] = [];
    for (i += 2; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
      const values = cells(lines[i]!);
      rows.push(Object.fromEntries(headers.map((h, k) => [h, values[k] ?? ''])));
    }
    i--;
    tables.push({ section, headers, rows });
  }
  return tables;
}

/** The text of the document, read now. */
export function metricsDocument(): string {
  return readFileSync(metricsDocPath(), 'utf8');
}

/** The glossary section of the document (its heading and everything up to the next one). */
export function glossarySection(text = metricsDocument()): string {
  const start = text.search(/^## Glossary\s*$/m);
  if (start < 0) return '';
  const rest = text.slice(start);
  const next = rest.slice(1).search(/^## /m);
  return (next < 0 ? rest : rest.slice(0, next + 1)).trim();
}

/** A glossary row: the number's names, keyed by the glossary's column headers. */
export type GlossaryRow = Record<string, string>;

/** A definition row of a section's metric table. */
export interface Definition {
  section: string;
  metric: string;
  definition: string;
  code?: string;
}

/** What `explain_metric` answers. */
export interface Explanation {
  glossary: GlossaryRow[];
  definitions: Definition[];
}

/** The API field names a cell writes in backticks. */
const fieldsIn = (cell: string) => [...cell.matchAll(/`([a-z0-9_]+)`/g)].map((m) => m[1]!);

/** A name without its parenthesis and backticks, lower case: "Net sales (orders)" → "net sales". */
const plainName = (text: string) =>
  text
    .replace(/\([^)]*\)/g, '')
    .replace(/`[^`]*`/g, '')
    .trim()
    .toLowerCase();

/** The words a report is named by in the document's parentheses and section titles. */
const reportWords: Record<string, string[]> = {
  revenue: ['revenue'],
  orders: ['orders', 'order-level'],
  products: ['products', 'product-like'],
  variations: ['variations', 'product-like'],
  categories: ['categories', 'product-like'],
  coupons: ['coupons'],
  taxes: ['taxes'],
  downloads: ['downloads'],
  customers: ['customers'],
  stock: ['stock'],
};

const mentions = (text: string, report: string) =>
  (reportWords[report] ?? [report]).some((w) => text.toLowerCase().includes(w));

/**
 * Explains a metric, given by its API field (`net_revenue`) or its name ("gross sales"): its
 * glossary rows and the definitions of the section tables. With a report, the rows and
 * definitions of that report are preferred where the document distinguishes them (net sales of
 * orders against net sales of product lines).
 */
export function explainMetric(
  term: string,
  report?: string,
  text = metricsDocument(),
): Explanation {
  const wanted = term.trim().toLowerCase();
  const asField = wanted.replace(/\s+/g, '_');
  const tables = tablesOf(text);
  const glossaryTable = tables.find((t) => t.section === 'Glossary');
  const [nameHeader = 'number', , , apiHeader = 'API field', screenHeader = 'on screen'] =
    glossaryTable?.headers ?? [];
  let glossary = (glossaryTable?.rows ?? []).filter(
    (row) =>
      fieldsIn(row[apiHeader] ?? '').includes(asField) ||
      plainName(row[nameHeader] ?? '') === wanted ||
      (row[nameHeader] ?? '').toLowerCase() === wanted ||
      (row[screenHeader] ?? '').toLowerCase().includes(`"${wanted}"`),
  );
  if (report && glossary.length > 1) {
    // The API cell says which reports use a field: "`net_revenue` (products, variations, …)".
    const forReport = glossary.filter((row) =>
      (row[apiHeader] ?? '')
        .split(';')
        .some((part) => fieldsIn(part).includes(asField) && mentions(part, report)),
    );
    if (forReport.length) glossary = forReport;
  }
  const names = new Set([
    wanted,
    wanted.replaceAll('_', ' '),
    ...glossary.map((row) => plainName(row[nameHeader] ?? '')),
  ]);
  let definitions: Definition[] = [];
  for (const table of tables) {
    const [metricHeader, definitionHeader, codeHeader] = table.headers;
    if (metricHeader !== 'metric' || !definitionHeader) continue;
    for (const row of table.rows) {
      const metric = row[metricHeader] ?? '';
      if (!fieldsIn(metric).includes(asField) && !names.has(plainName(metric))) continue;
      definitions.push({
        section: table.section,
        metric,
        definition: row[definitionHeader] ?? '',
        ...(codeHeader && row[codeHeader] ? { code: row[codeHeader] } : {}),
      });
    }
  }
  if (report) {
    const forReport = definitions.filter((d) => mentions(d.section, report));
    if (forReport.length) definitions = forReport;
  }
  return { glossary, definitions };
}

/** Every API field the glossary names (for a helpful refusal). */
export function glossaryFields(text = metricsDocument()): string[] {
  const table = tablesOf(text).find((t) => t.section === 'Glossary');
  const api = table?.headers[3] ?? 'API field';
  return [...new Set((table?.rows ?? []).flatMap((row) => fieldsIn(row[api] ?? '')))].sort();
}
