import {
  AdminStatusMessage,
  ContextOnlyQuery,
  CreateProductFromTemplateResponse,
  type OnboardingPaymentMethod,
  OnboardingPaymentsResponse,
  type OnboardingProfile,
  OnboardingProfileBody,
  OnboardingProfileResponse,
  type OnboardingProfileUpdate,
  onboardingProfileKeys,
  TasksStatus,
} from '@storelens/api';
import type { FastifyInstance } from 'fastify';
import { requires } from '../auth/capability';
import { nowGmt } from '../clock';
import type { Db } from '../db/database';
import type { ProductTable } from '../db/schema';
import { ApiError } from '../errors';
import { toUnits } from '../money';
import { getOptions, readStoreSettings, setOptions } from '../options';
import type { TypeBoxProvider } from '../route-types';
import { zone } from '../timezone';
import { contextAnswers } from './context';
import { pluginCatalog } from './plugin-catalog';
import { pluginState } from './plugins';

/** The option the profile lives in (WooCommerce's name). */
export const PROFILE_OPTION = 'woocommerce_onboarding_profile';

/** The profile: every known property, null when never set. */
export async function readProfile(db: Db): Promise<OnboardingProfile> {
  const stored = ((await getOptions(db, [PROFILE_OPTION])).get(PROFILE_OPTION) ?? {}) as Record<
    string,
    unknown
  >;
  return Object.fromEntries(
    onboardingProfileKeys.map((k) => [k, stored[k] ?? null]),
  ) as OnboardingProfile;
}

/** Merges known keys into the profile (the route rejects unknown ones before this). */
export async function updateProfile(db: Db, update: OnboardingProfileUpdate): Promise<void> {
  const current = await readProfile(db);
  const next = { ...current, ...update };
  const stored = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== null));
  await setOptions(db, { [PROFILE_OPTION]: stored });
}

const OFFLINE_GATEWAYS = ['bacs', 'cheque', 'cod'] as const;

/** Facts the task list needs, derived from the store (docs/api.md, "Onboarding"). */
export async function tasksStatus(db: Db): Promise<TasksStatus> {
  const products = await db.kysely
    .selectFrom('products')
    .select((eb) => [
      eb.fn.countAll<number>().as('all'),
      eb.fn.sum<number>(eb.case().when('virtual', '=', 0).then(1).else(0).end()).as('physical'),
    ])
    .where('parent_id', '=', 0)
    .where('status', '=', 'publish')
    .executeTakeFirst();
  const taxRates = await db.kysely
    .selectFrom('tax_rates')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  const names = [
    'woocommerce_calc_taxes',
    'woocommerce_shipping_zones',
    'woocommerce_task_list_appearance_complete',
    'show_on_front',
    'page_on_front',
    ...OFFLINE_GATEWAYS.map((g) => `woocommerce_${g}_settings`),
  ];
  const o = await getOptions(db, names);
  const { active } = await pluginState(db);
  const enabledPaymentGateways = [
    ...pluginCatalog
      .filter((p) => p.category === 'payments' && active.includes(p.slug))
      .map((p) => p.slug),
    ...OFFLINE_GATEWAYS.filter(
      (g) =>
        (o.get(`woocommerce_${g}_settings`) as { enabled?: string } | undefined)?.enabled === 'yes',
    ),
  ];
  const zones = o.get('woocommerce_shipping_zones');
  return {
    hasProducts: Number(products?.all ?? 0) > 0,
    hasPhysicalProducts: Number(products?.physical ?? 0) > 0,
    hasPaymentGateway: enabledPaymentGateways.length > 0,
    isTaxComplete: o.get('woocommerce_calc_taxes') === 'yes' || Number(taxRates?.n ?? 0) > 0,
    shippingZonesCount: Array.isArray(zones) ? zones.length : 0,
    isAppearanceComplete: o.get('woocommerce_task_list_appearance_complete') === true,
    hasHomepage: o.get('show_on_front') === 'page' && Number(o.get('page_on_front') ?? 0) > 0,
    enabledPaymentGateways,
  };
}

/** What each template creates. */
const TEMPLATES = {
  physical: { name: 'Physical product', type: 'simple', virtual: 0, downloadable: 0 },
  digital: { name: 'Digital product', type: 'simple', virtual: 1, downloadable: 1 },
  variable: { name: 'Variable product', type: 'variable', virtual: 0, downloadable: 0 },
} as const;

/** Creates an auto-draft product from a template; returns its id. */
export async function createProductFromTemplate(
  db: Db,
  template: keyof typeof TEMPLATES,
): Promise<number> {
  const t = TEMPLATES[template];
  const settings = await readStoreSettings(db);
  const gmt = nowGmt();
  return db.kysely.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max('id').as('max'))
      .executeTakeFirst();
    const id = Number(last?.max ?? 0) + 1;
    const row: ProductTable = {
      id,
      parent_id: 0,
      type: t.type,
      status: 'auto-draft',
      name: t.name,
      slug: `${template}-product-${id}`,
      sku: '',
      description: '',
      price: toUnits('0'),
      regular_price: toUnits('0'),
      sale_price: null,
      manage_stock: 0,
      stock_quantity: null,
      stock_status: 'instock',
      low_stock_amount: null,
      downloadable: t.downloadable,
      virtual: t.virtual,
      image_url: '',
      average_rating: 0,
      rating_count: 0,
      total_sales: 0,
      date_created: zone(settings.timezone).toLocal(gmt),
      date_created_gmt: gmt,
    };
    await trx.insertInto('products').values(row).execute();
    return id;
  });
}

interface PaymentSpec extends Omit<OnboardingPaymentMethod, 'is_visible'> {
  /** Store countries it is offered in; empty means everywhere. */
  countries: readonly string[];
}

const EU = ['AT', 'BE', 'DE', 'DK', 'ES', 'FI', 'FR', 'IE', 'IT', 'NL', 'PL', 'PT', 'SE'];
const PAYMENT_METHODS: readonly PaymentSpec[] = [
  {
    key: 'woocommerce-payments',
    title: 'WooPayments',
    content:
      'Accept credit and debit cards, Apple Pay and Google Pay; payouts straight to your bank.',
    image: '/wp-admin/images/payments/woopayments.svg',
    plugins: ['woocommerce-payments'],
    recommended_priority: 1,
    countries: ['US', 'GB', 'CA', 'AU', 'NZ', ...EU],
  },
  {
    key: 'stripe',
    title: 'Credit cards - powered by Stripe',
    content:
      'Accept debit and credit cards in 135+ currencies, methods such as Alipay, and one-touch checkout with Apple Pay.',
    image: '/wp-admin/images/payments/stripe.svg',
    plugins: ['woocommerce-gateway-stripe'],
    recommended_priority: 2,
    countries: [],
  },
  {
    key: 'paypal',
    title: 'PayPal Payments',
    content: "Safe and secure payments using credit cards or your customer's PayPal account.",
    image: '/wp-admin/images/payments/paypal.svg',
    plugins: ['woocommerce-paypal-payments'],
    recommended_priority: 3,
    countries: [],
  },
  {
    key: 'square',
    title: 'Square',
    content: 'Securely accept credit and debit cards with one low rate, no surprise fees.',
    image: '/wp-admin/images/payments/square.svg',
    plugins: ['woocommerce-square'],
    recommended_priority: 4,
    countries: ['US', 'CA', 'JP', 'GB', 'AU', 'IE', 'FR', 'ES'],
  },
  {
    key: 'klarna',
    title: 'Klarna Payments',
    content: 'Let customers pay later or in instalments with Klarna.',
    image: '/wp-admin/images/payments/klarna.svg',
    plugins: ['klarna-payments-for-woocommerce'],
    recommended_priority: 5,
    countries: ['US', 'GB', ...EU],
  },
  {
    key: 'mollie',
    title: 'Mollie Payments',
    content: 'Effortless payments by Mollie: iDEAL, Bancontact, SEPA and more.',
    image: '/wp-admin/images/payments/mollie.svg',
    plugins: ['mollie-payments-for-woocommerce'],
    recommended_priority: 6,
    countries: EU,
  },
  {
    key: 'cod',
    title: 'Cash on delivery',
    content: 'Take payments in cash upon delivery.',
    image: '/wp-admin/images/payments/cod.svg',
    plugins: [],
    recommended_priority: 7,
    countries: [],
  },
  {
    key: 'bacs',
    title: 'Direct bank transfer',
    content: 'Take payments via bank transfer.',
    image: '/wp-admin/images/payments/bacs.svg',
    plugins: [],
    recommended_priority: 8,
    countries: [],
  },
];

/** Payment methods for the store's country: visible where offered. */
export async function paymentMethods(db: Db): Promise<OnboardingPaymentMethod[]> {
  const country = String(
    (await getOptions(db, ['woocommerce_default_country'])).get('woocommerce_default_country') ??
      'US:CA',
  ).slice(0, 2);
  return PAYMENT_METHODS.map(({ countries, ...m }) => ({
    ...m,
    is_visible: countries.length === 0 || countries.includes(country),
  }));
}

/** `/wp-json/wc-admin/onboarding/*`. */
export function onboardingRoutes(app: FastifyInstance, db: Db) {
  const routes = app.withTypeProvider<TypeBoxProvider>();
  const base = '/wp-json/wc-admin/onboarding';
  routes.get(`${base}/profile`, contextAnswers(OnboardingProfileResponse), async () => {
    const profile = await readProfile(db);
    return { ...profile, wccom_connected: profile.wccom_connected ?? false };
  });
  for (const method of ['POST', 'PUT', 'PATCH'] as const) {
    routes.route({
      method,
      url: `${base}/profile`,
      schema: {
        body: OnboardingProfileBody,
        querystring: ContextOnlyQuery,
        response: { 200: AdminStatusMessage },
      },
      handler: async (request): Promise<AdminStatusMessage> => {
        await updateProfile(db, request.body);
        return { status: 'success', message: 'Onboarding profile data has been updated.' };
      },
    });
  }
  const manager = requires('manage_woocommerce');
  routes.get(`${base}/tasks/status`, { ...contextAnswers(TasksStatus), ...manager }, async () =>
    tasksStatus(db),
  );
  const created = { schema: { response: { 200: CreateProductFromTemplateResponse } } };
  routes.post(
    `${base}/tasks/create_product_from_template`,
    { ...created, ...manager },
    async (request) => {
      const params = {
        ...((request.query ?? {}) as Record<string, unknown>),
        ...((request.body ?? {}) as Record<string, unknown>),
      };
      // Other parameters are ignored (wp-conventions.ts).
      const template = params.template_name;
      if (template === undefined || template === '') {
        throw ApiError.invalidParams({ template_name: 'template_name is required.' });
      }
      // `in` would also find Object.prototype's members (`__proto__`, `toString`): only own keys.
      if (typeof template !== 'string' || !Object.hasOwn(TEMPLATES, template)) {
        throw ApiError.invalidParams({
          template_name: `template_name is not one of ${Object.keys(TEMPLATES).join(', ')}.`,
        });
      }
      return { id: await createProductFromTemplate(db, template as keyof typeof TEMPLATES) };
    },
  );
  routes.get(`${base}/payments`, contextAnswers(OnboardingPaymentsResponse), async () =>
    paymentMethods(db),
  );
}
