import type { CatalogPlugin } from '@storelens/api';

/**
 * The extensions Storelens knows (docs/api.md, "Plugins and connections"): marketing, payments,
 * shipping, connections.
 */
export const pluginCatalog: readonly CatalogPlugin[] = [
  {
    slug: 'jetpack',
    name: 'Jetpack',
    category: 'connection',
    description: 'Security, performance and site stats.',
  },
  {
    slug: 'woocommerce-services',
    name: 'WooCommerce Shipping & Tax',
    category: 'shipping',
    description: 'Print shipping labels and collect sales tax automatically.',
  },
  {
    slug: 'woocommerce-payments',
    name: 'WooPayments',
    category: 'payments',
    description: 'Accept cards and wallets, managed from your dashboard.',
  },
  {
    slug: 'woocommerce-gateway-stripe',
    name: 'Stripe',
    category: 'payments',
    description: 'Accept cards, Apple Pay and Google Pay through Stripe.',
  },
  {
    slug: 'woocommerce-paypal-payments',
    name: 'PayPal Payments',
    category: 'payments',
    description: 'PayPal, Venmo, Pay Later and cards.',
  },
  {
    slug: 'woocommerce-square',
    name: 'Square',
    category: 'payments',
    description: 'Sell online and in person with Square.',
  },
  {
    slug: 'klarna-payments-for-woocommerce',
    name: 'Klarna Payments',
    category: 'payments',
    description: 'Buy now, pay later with Klarna.',
  },
  {
    slug: 'mollie-payments-for-woocommerce',
    name: 'Mollie Payments',
    category: 'payments',
    description: 'iDEAL, Bancontact, SEPA and more through Mollie.',
  },
  {
    slug: 'woocommerce-gateway-amazon-payments-advanced',
    name: 'Amazon Pay',
    category: 'payments',
    description: 'Checkout with an Amazon account.',
  },
  {
    slug: 'afterpay-gateway-for-woocommerce',
    name: 'Afterpay',
    category: 'payments',
    description: 'Pay in four instalments with Afterpay.',
  },
  {
    slug: 'mailchimp-for-woocommerce',
    name: 'Mailchimp for WooCommerce',
    category: 'marketing',
    description: 'Sync customers and send e-mail campaigns.',
  },
  {
    slug: 'facebook-for-woocommerce',
    name: 'Facebook for WooCommerce',
    category: 'marketing',
    description: 'Sell on Facebook and Instagram.',
  },
  {
    slug: 'kliken-marketing-for-google',
    name: 'Google Ads & Marketing by Kliken',
    category: 'marketing',
    description: 'Google Shopping campaigns.',
  },
  {
    slug: 'google-listings-and-ads',
    name: 'Google Listings & Ads',
    category: 'marketing',
    description: 'Show products across Google.',
  },
  {
    slug: 'creative-mail-by-constant-contact',
    name: 'Creative Mail',
    category: 'marketing',
    description: 'E-mail marketing from your store.',
  },
  {
    slug: 'woocommerce-shipstation-integration',
    name: 'ShipStation',
    category: 'shipping',
    description: 'Fulfil orders with ShipStation.',
  },
  {
    slug: 'woocommerce-shipping-ups',
    name: 'UPS Shipping',
    category: 'shipping',
    description: 'Live UPS rates at checkout.',
  },
  {
    slug: 'woocommerce-shipping-usps',
    name: 'USPS Shipping',
    category: 'shipping',
    description: 'Live USPS rates at checkout.',
  },
];

/** A catalog entry by slug. */
export function catalogPlugin(slug: string): CatalogPlugin | undefined {
  return pluginCatalog.find((p) => p.slug === slug);
}
