import { settingDefinitions } from '@storelens/api';
import type { Db } from '../db/database';
import type { Random } from '../demo/random';
import { getOptions, readStoreSettings, setOptions } from '../options';
import { formatSqlUtc, parseSqlUtc, zone } from '../timezone';
import { createNote, type NewNote } from './notes';
import { activatePlugins, installPlugins } from './plugins';

const DAY = 86_400_000;

/**
 * The demo's inbox notes: each says something true of the demo store or of Storelens and leads
 * to a screen that exists (alerts add their own notes as they fire).
 */
const NOTES: readonly Omit<NewNote, 'dateCreatedGmt'>[] = [
  {
    name: 'storelens-demo-welcome',
    type: 'info',
    title: 'Welcome to Storelens',
    content:
      '<p>You are looking at a generated demo shop: two years of orders, refunds, coupons, costs and fees. Connect your WooCommerce shop to see your own numbers instead.</p>',
    isSnoozable: false,
    actions: [
      {
        name: 'connect-shop',
        label: 'Connect your shop',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings%2Fconnections',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'storelens-demo-low-stock',
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
    name: 'storelens-demo-counting',
    type: 'update',
    title: 'Choose what your reports count',
    content:
      '<p>Which order statuses are left out and which date an order counts on (paid, created or completed) decide every figure. Check them once, as your shop works.</p>',
    isSnoozable: false,
    actions: [
      {
        name: 'open-settings',
        label: 'Review analytics settings',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'storelens-demo-digest',
    type: 'marketing',
    title: 'Yesterday’s numbers in your inbox',
    content:
      '<p>A daily, weekly or monthly digest brings the key figures to your e-mail, Slack or a webhook, in your time zone.</p>',
    source: 'storelens',
    layout: 'thumbnail',
    image: '/wp-admin/images/notes/marketing.svg',
    isSnoozable: true,
    actions: [
      {
        name: 'set-up-digest',
        label: 'Set up a digest',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings%2Fnotifications',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'storelens-demo-date-type',
    type: 'survey',
    title: 'When does a sale count for you?',
    content:
      '<p>When it is paid, when the order is placed, or when it is completed? Storelens counts the date paid by default, as WooCommerce does; tell it if your shop works otherwise.</p>',
    isSnoozable: true,
    actions: [
      {
        name: 'choose-date-type',
        label: 'Choose the date type',
        query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings',
        status: 'actioned',
        primary: true,
      },
    ],
  },
  {
    name: 'storelens-demo-mail',
    type: 'email',
    title: 'E-mail needs an SMTP server',
    content:
      '<p>Digests, alerts, invitations and password reset links go out by e-mail once the server has <code>SMTP_URL</code>; without it, Storelens shows links to copy instead.</p>',
    isSnoozable: false,
  },
  {
    name: 'storelens-demo-team',
    type: 'info',
    title: 'Invite your team',
    content:
      '<p>Shop managers can act on stock and reviews; analysts can read every report and nothing else.</p>',
    isSnoozable: true,
    actions: [
      {
        name: 'invite',
        label: 'Invite a user',
        query: 'admin.php?page=wc-admin&path=%2Fusers',
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
  // The newest note, an error, is a fact of the generated orders: the failed payments of the
  // last 30 days, which every report leaves out while "failed" is an excluded status.
  const since = formatSqlUtc(endMs - 30 * DAY);
  const failed = await db.kysely
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('type', '=', 'order')
    .where('status', '=', 'failed')
    .where('date_created_gmt', '>=', since)
    .executeTakeFirst();
  const failedCount = Number(failed?.n ?? 0);
  if (failedCount > 0)
    await createNote(db, {
      name: 'storelens-demo-failed-payments',
      type: 'error',
      title: failedCount === 1 ? '1 payment failed' : `${failedCount} payments failed`,
      content: `<p>${failedCount === 1 ? 'One order' : `${failedCount} orders`} of the last 30 days failed at payment. Failed orders are an excluded status, so no report counts them; customers who tried again appear as new orders.</p>`,
      isSnoozable: false,
      actions: [
        {
          name: 'review-excluded',
          label: 'Review excluded statuses',
          query: 'admin.php?page=wc-admin&path=%2Fanalytics%2Fsettings',
          status: 'actioned',
          primary: true,
        },
      ],
      dateCreatedGmt: at(1),
    });

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
