import { settingDefinitions } from '@storelens/api';
import type { Db } from '../db/database';
import type { Random } from '../demo/random';
import { getOptions, readStoreSettings, setOptions } from '../options';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { createNote, type NewNote } from './notes';
import { activatePlugins, installPlugins } from './plugins';

const DAY = 86_400_000;

/** Inbox notes of every type, as a store a few months old would have them. */
const NOTES: readonly Omit<NewNote, 'dateCreatedGmt'>[] = [
  {
    name: 'wc-admin-welcome-note',
    type: 'info',
    title: 'Welcome to Storelens',
    content:
      '<p>Your analytics are ready. Start with the <strong>Revenue</strong> report, or pin the reports you use most.</p>',
    isSnoozable: false,
    actions: [
      {
        name: 'open-revenue',
        label: 'Open Revenue',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Frevenue',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'wc-admin-low-stock-warning',
    type: 'warning',
    title: 'Some products are running low',
    content:
      '<p>A few products are at or below their low-stock threshold. Restock them before they sell out.</p>',
    isSnoozable: true,
    actions: [
      {
        name: 'view-stock',
        label: 'View stock',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fstock&type=lowstock',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'wc-admin-payment-error',
    type: 'error',
    title: 'A payment gateway needs attention',
    content:
      '<p>The last webhook from your payment provider failed. Check the gateway settings.</p>',
    isSnoozable: false,
    actions: [
      {
        name: 'check-payments',
        label: 'Check settings',
        query: 'admin.php?page=wc-settings&tab=checkout',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'wc-admin-update-db',
    type: 'update',
    title: 'Analytics data update available',
    content:
      '<p>Rebuild your analytics tables to use the latest <em>date type</em> setting on old orders.</p>',
    isSnoozable: false,
    actions: [
      {
        name: 'run-import',
        label: 'Update now',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings',
        status: 'actioned',
        primary: true,
      },
      {
        name: 'learn-more',
        label: 'Learn more',
        query: 'https://woocommerce.com/document/woocommerce-analytics/',
        status: '',
        primary: false,
      },
    ],
  },
  {
    name: 'wc-admin-marketing-intro',
    type: 'marketing',
    title: 'Reach more customers',
    content:
      '<p>Connect your store to e-mail marketing and recover abandoned carts automatically.</p>',
    source: 'woocommerce.com',
    layout: 'thumbnail',
    image: '/wp-admin/images/notes/marketing.svg',
    isSnoozable: true,
    actions: [
      {
        name: 'open-marketing',
        label: 'Explore marketing',
        query: 'admin.php?page=wc-admin&path=%2Fmarketing',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'wc-admin-store-survey',
    type: 'survey',
    title: 'How are you finding your reports?',
    content: '<p>Tell us what would make your dashboard more useful. It takes two minutes.</p>',
    isSnoozable: true,
    actions: [
      {
        name: 'share-feedback',
        label: 'Share feedback',
        query: 'https://example.com/storelens-survey',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'wc-admin-first-sale-email',
    type: 'email',
    title: 'Congratulations on your first sale',
    content: '<p>We sent a copy of this note to your store address.</p>',
    status: 'sent',
    isSnoozable: false,
  },
  {
    name: 'wc-admin-insight-first-returning',
    type: 'info',
    title: 'Returning customers are growing',
    content:
      '<p>Returning customers placed more orders this month than last. See the <strong>Customers</strong> report.</p>',
    status: 'actioned',
    isSnoozable: false,
    actions: [
      {
        name: 'open-customers',
        label: 'View customers',
        query: 'admin.php?page=wc-admin&path=%2Fcustomers',
        status: 'actioned',
        primary: true,
      },
    ],
  },
];

const REVIEW_TEXT: Record<number, readonly string[]> = {
  5: [
    'Exactly as described, love it.',
    'Great quality and fast shipping!',
    'Would buy again, highly recommended.',
  ],
  4: [
    'Very nice, a little smaller than expected.',
    'Good value for the price.',
    'Solid product, shipping took a while.',
  ],
  3: ['It is okay. Does the job.', 'Average quality, nothing special.'],
  2: ['Colour was off compared to the photos.', 'Arrived with a small scratch.'],
  1: ['Broke after a week.', 'Not what I ordered.'],
};
const REVIEWERS = [
  'Maria',
  'James',
  'Aiko',
  'Noah',
  'Lena',
  'Omar',
  'Priya',
  'Tom',
  'Sofia',
  'Ken',
  'Ines',
  'Luca',
];

/**
 * Admin content of the demo store: inbox notes of every type, product reviews, settings
 * defaults written out, the store admin e-mail and two installed extensions. Deterministic for
 * a given random source.
 */
export async function seedAdminDemo(db: Db, rnd: Random): Promise<void> {
  const settings = await readStoreSettings(db);
  const z = zone(settings.timezone);
  const latest = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.max('date_created_gmt').as('d'))
    .executeTakeFirst();
  const endMs = latest?.d ? parseSqlUtc(String(latest.d)) : Date.now();
  const at = (daysAgo: number) =>
    formatSqlUtc(endMs - daysAgo * DAY - rnd.int(0, 23 * 3600) * 1000);

  // Settings: write every default not set yet (the generator already set zone and currency).
  const ids = settingDefinitions.map((d) => d.id);
  const stored = await getOptions(db, [...ids, 'admin_email']);
  const defaults: Record<string, unknown> = {};
  for (const d of settingDefinitions) if (!stored.has(d.id)) defaults[d.id] = d.default;
  defaults.woocommerce_store_address = '148 Orchard Street';
  defaults.woocommerce_store_city = 'New York';
  defaults.woocommerce_store_postcode = '10002';
  defaults.woocommerce_default_country = 'US:NY';
  if (!stored.has('admin_email')) defaults.admin_email = 'admin@storelens.example';
  await setOptions(db, defaults);

  // Notes, oldest first so ids follow dates.
  const spread = NOTES.map((note, i) => ({
    note,
    daysAgo: (NOTES.length - i) * 9 + rnd.int(0, 5),
  }));
  for (const { note, daysAgo } of spread)
    await createNote(db, { ...note, dateCreatedGmt: at(daysAgo) });

  // Reviews on published products.
  const products = await db.kysely
    .selectFrom('products')
    .select('id')
    .where('parent_id', '=', 0)
    .where('status', '=', 'publish')
    .orderBy('id')
    .execute();
  if (products.length > 0) {
    const rows = [];
    for (let id = 1; id <= 80; id++) {
      const rating = rnd.weighted<number>([
        [5, 45],
        [4, 30],
        [3, 12],
        [2, 8],
        [1, 5],
      ]);
      const reviewer = rnd.pick(REVIEWERS);
      const gmt = at(rnd.int(0, 180));
      rows.push({
        id,
        product_id: Number(rnd.pick(products).id),
        status: rnd.weighted<string>([
          ['approved', 85],
          ['hold', 10],
          ['spam', 5],
        ]),
        reviewer,
        reviewer_email: `${reviewer.toLowerCase()}${rnd.int(1, 99)}@example.com`,
        review: rnd.pick(REVIEW_TEXT[rating]!),
        rating,
        verified: rnd.chance(0.7) ? 1 : 0,
        date_created: z.toLocal(gmt),
        date_created_gmt: gmt,
      });
    }
    await db.kysely.insertInto('product_reviews').values(rows).execute();
  }

  await installPlugins(db, ['woocommerce-services', 'jetpack']);
  await activatePlugins(db, ['woocommerce-services']);
}
