import { __ } from '@storelens/i18n';

/** One Overview section as saved in the `dashboard_sections` preference. */
export interface DashboardSection {
  key: string;
  title: string;
  isVisible: boolean;
  hiddenBlocks: string[];
}

/** The sections and their defaults. */
export function defaultSections(): DashboardSection[] {
  return [
    {
      key: 'store-performance',
      title: __('Performance'),
      isVisible: true,
      hiddenBlocks: [
        'coupons/amount',
        'coupons/orders_count',
        'downloads/download_count',
        'taxes/order_tax',
        'taxes/total_tax',
        'taxes/shipping_tax',
        'revenue/shipping',
        'orders/avg_order_value',
        'revenue/refunds',
        'revenue/gross_sales',
      ],
    },
    {
      key: 'charts',
      title: __('Charts'),
      isVisible: true,
      hiddenBlocks: [
        'orders_avg_order_value',
        'avg_items_per_order',
        'products_items_sold',
        'revenue_total_sales',
        'revenue_refunds',
        'coupons_amount',
        'coupons_orders_count',
        'revenue_shipping',
        'taxes_total_tax',
        'taxes_order_tax',
        'taxes_shipping_tax',
        'downloads_download_count',
      ],
    },
    {
      key: 'leaderboards',
      title: __('Leaderboards'),
      isVisible: true,
      hiddenBlocks: ['coupons', 'customers'],
    },
  ];
}

const isSection = (value: unknown): value is DashboardSection => {
  if (!value || typeof value !== 'object') return false;
  const s = value as Record<string, unknown>;
  return (
    typeof s.key === 'string' &&
    typeof s.title === 'string' &&
    typeof s.isVisible === 'boolean' &&
    Array.isArray(s.hiddenBlocks) &&
    s.hiddenBlocks.every((b) => typeof b === 'string')
  );
};

/**
 * The saved sections first, in saved order (unknown keys and malformed entries dropped), then
 * any default the user has never saved.
 */
export function mergeSections(saved: unknown, defaults = defaultSections()): DashboardSection[] {
  const known = new Map(defaults.map((d) => [d.key, d]));
  const seen = new Set<string>();
  const out: DashboardSection[] = [];
  for (const entry of Array.isArray(saved) ? saved : []) {
    if (!isSection(entry) || !known.has(entry.key) || seen.has(entry.key)) continue;
    seen.add(entry.key);
    out.push({ ...entry, hiddenBlocks: [...entry.hiddenBlocks] });
  }
  for (const d of defaults) if (!seen.has(d.key)) out.push(d);
  return out;
}

/** The visible section before (`-1`) or after (`1`) the one at `index`, or -1 when none. */
function neighbour(sections: readonly DashboardSection[], index: number, step: -1 | 1): number {
  for (let i = index + step; i >= 0 && i < sections.length; i += step)
    if (sections[i]!.isVisible) return i;
  return -1;
}

/** Whether a section can move up or down (hidden sections are skipped). */
export function canMove(sections: readonly DashboardSection[], key: string, step: -1 | 1): boolean {
  const index = sections.findIndex((s) => s.key === key);
  return index >= 0 && neighbour(sections, index, step) >= 0;
}

/** Swaps a section with the next visible one above or below. */
export function moveSection(
  sections: readonly DashboardSection[],
  key: string,
  step: -1 | 1,
): DashboardSection[] {
  const index = sections.findIndex((s) => s.key === key);
  const other = index < 0 ? -1 : neighbour(sections, index, step);
  if (other < 0) return [...sections];
  const next = [...sections];
  [next[index], next[other]] = [next[other]!, next[index]!];
  return next;
}

/** Hides a section and moves it to the end of the list. */
export function removeSection(
  sections: readonly DashboardSection[],
  key: string,
): DashboardSection[] {
  const section = sections.find((s) => s.key === key);
  if (!section) return [...sections];
  return [...sections.filter((s) => s.key !== key), { ...section, isVisible: false }];
}

/** Shows a hidden section again (where it stands: at the end, since removal moved it there). */
export function addSection(sections: readonly DashboardSection[], key: string): DashboardSection[] {
  return sections.map((s) => (s.key === key ? { ...s, isVisible: true } : s));
}

/** Renames a section; an empty (or blank) title reverts to the default. */
export function renameSection(
  sections: readonly DashboardSection[],
  key: string,
  title: string,
  defaults = defaultSections(),
): DashboardSection[] {
  const fallback = defaults.find((d) => d.key === key)?.title ?? key;
  const clean = title.trim() === '' ? fallback : title.trim();
  return sections.map((s) => (s.key === key ? { ...s, title: clean } : s));
}

/** The mark in `hiddenBlocks` of a block the user chose to show against its default. */
const shownMark = (block: string) => `${block}:shown`;

/**
 * Whether a block is shown: not when hidden; a block whose default depends on the store
 * (`defaultShown`: the profit indicators, shown where costs are known) follows the user's
 * own choice when there is one, else that default.
 */
export function isBlockShown(
  hiddenBlocks: readonly string[],
  block: string,
  defaultShown = true,
): boolean {
  if (hiddenBlocks.includes(block)) return false;
  return hiddenBlocks.includes(shownMark(block)) || defaultShown;
}

/**
 * Shows or hides one block (indicator, chart, leaderboard) of a section. A block with a
 * default of the store's (`defaultShown` given) keeps the user's choice either way, so it
 * stays as chosen when its default changes.
 */
export function toggleBlock(
  sections: readonly DashboardSection[],
  key: string,
  block: string,
  defaultShown?: boolean,
): DashboardSection[] {
  return sections.map((s) => {
    if (s.key !== key) return s;
    const shown = isBlockShown(s.hiddenBlocks, block, defaultShown);
    const rest = s.hiddenBlocks.filter((b) => b !== block && b !== shownMark(block));
    const hidden = shown
      ? [...rest, block]
      : defaultShown === undefined
        ? rest
        : [...rest, shownMark(block)];
    return { ...s, hiddenBlocks: hidden };
  });
}
