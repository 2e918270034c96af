import { type Static, Type } from 'typebox';
import { AdminBool, AdminContext } from './admin-common';

/** What a catalog extension is for. */
export type PluginCategory = 'marketing' | 'payments' | 'shipping' | 'connection';

/** A known extension of the standalone plugin catalog. */
export interface CatalogPlugin {
  slug: string;
  name: string;
  category: PluginCategory;
  description: string;
}

/** `plugins` as a comma list or array of slugs. */
const pluginsParam = Type.Union([
  Type.String({ maxLength: 2000 }),
  Type.Array(Type.String({ maxLength: 191 }), { maxItems: 50 }),
]);

/** `POST /wc-admin/plugins/install` and `/activate` (body or query). */
export const PluginsActionBody = Type.Object(
  { plugins: Type.Optional(pluginsParam), async: Type.Optional(AdminBool), context: AdminContext },
  { additionalProperties: false },
);

/** WP_Error as JSON: messages and data per plugin slug. */
export const WpErrorBody = Type.Object({
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  error_data: Type.Record(Type.String(), Type.Object({ code: Type.String() })),
});
/** WP_Error as JSON. */
export type WpErrorBody = Static<typeof WpErrorBody>;

/** Synchronous install answer. */
export const PluginsInstallResponse = Type.Object({
  data: Type.Object({
    installed: Type.Array(Type.String()),
    results: Type.Record(Type.String(), Type.Boolean()),
    install_time: Type.Record(Type.String(), Type.Number()),
  }),
  errors: WpErrorBody,
  success: Type.Boolean(),
  message: Type.String(),
});
/** Synchronous install answer. */
export type PluginsInstallResponse = Static<typeof PluginsInstallResponse>;

/** Synchronous activate answer. */
export const PluginsActivateResponse = Type.Object({
  data: Type.Object({ activated: Type.Array(Type.String()), active: Type.Array(Type.String()) }),
  errors: WpErrorBody,
  success: Type.Boolean(),
  message: Type.String(),
});
/** Synchronous activate answer. */
export type PluginsActivateResponse = Static<typeof PluginsActivateResponse>;

/** Async install/activate answer. */
export const PluginsAsyncResponse = Type.Object({
  data: Type.Object({ job_id: Type.String(), plugins: Type.Array(Type.String()) }),
  message: Type.String(),
});
/** Async install/activate answer. */
export type PluginsAsyncResponse = Static<typeof PluginsAsyncResponse>;

/** `GET /wc-admin/plugins/connect-jetpack`. */
export const ConnectJetpackQuery = Type.Object(
  { redirect_url: Type.Optional(Type.String({ maxLength: 2000 })), context: AdminContext },
  { additionalProperties: false },
);

/** The page the connection completes at (server-owned). */
export const CompleteJetpackQuery = Type.Object(
  {
    state: Type.String({ maxLength: 100 }),
    redirect_url: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);

/** `GET /jetpack/v4/connection`. */
export interface JetpackConnection {
  isActive: boolean;
  isStaging: boolean;
  isRegistered: boolean;
  /** Whether an admin user completed the connection (WooCommerce's client reads this one). */
  hasConnectedOwner: boolean;
}

/** One PayPal environment's onboarding state. */
export const PaypalEnvironment = Type.Object({
  onboarded: Type.Boolean(),
  state: Type.Union([Type.Literal('onboarded'), Type.Literal('unknown')]),
});
/** One PayPal environment's onboarding state. */
export type PaypalEnvironment = Static<typeof PaypalEnvironment>;

/** `GET /wc-paypal/v1/onboarding/get-status`. */
export const PaypalOnboardingStatusBody = Type.Object({
  production: PaypalEnvironment,
  sandbox: PaypalEnvironment,
});
/** PayPal onboarding status. */
export type PaypalOnboardingStatusBody = Static<typeof PaypalOnboardingStatusBody>;

/** A recommended payment plugin. */
export const RecommendedPaymentPlugin = Type.Object({
  product: Type.String(),
  title: Type.String(),
  copy: Type.String(),
  image: Type.String(),
  button_text: Type.String(),
  setup_link: Type.String(),
  plugins: Type.Array(Type.String()),
});
/** A recommended payment plugin. */
export type RecommendedPaymentPlugin = Static<typeof RecommendedPaymentPlugin>;

/** Query of routes that take no parameters but `context`. */
export const ContextOnlyQuery = Type.Object(
  { context: AdminContext },
  { additionalProperties: false },
);
