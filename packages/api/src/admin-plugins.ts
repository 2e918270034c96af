import { type Static, Type } from 'typebox';
import { AdminBool, AdminContext, Closed, literalUnion } from './admin-common';

/** What a catalog extension may be for. */
export const pluginCategories = ['marketing', 'payments', 'shipping', 'connection'] as const;
/** What a catalog extension is for. */
export type PluginCategory = (typeof pluginCategories)[number];

/** A known extension of the standalone plugin catalog. */
export interface CatalogPlugin {
  slug: string;
  name: string;
  category: PluginCategory;
  description: string;
}

/** `GET /wc-admin/plugins/catalog`: each extension with its installed and active state. */
export const PluginCatalogResponse = Type.Array(
  Closed({
    slug: Type.String(),
    name: Type.String(),
    category: literalUnion(pluginCategories),
    description: Type.String(),
    installed: Type.Boolean(),
    active: Type.Boolean(),
  }),
);
/** One extension of the catalog answer. */
export type PluginCatalogEntry = Static<typeof PluginCatalogResponse>[number];

/** `GET /wc-admin/plugins/active` and `/installed`: plugin slugs. */
export const PluginSlugsResponse = Closed({ plugins: Type.Array(Type.String()) });
/** Plugin slugs. */
export type PluginSlugsResponse = Static<typeof PluginSlugsResponse>;

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
export const WpErrorBody = Closed({
  errors: Type.Record(Type.String(), Type.Array(Type.String())),
  error_data: Type.Record(Type.String(), Closed({ code: Type.String() })),
});
/** WP_Error as JSON. */
export type WpErrorBody = Static<typeof WpErrorBody>;

/** Synchronous install answer. */
export const PluginsInstallResponse = Closed({
  data: Closed({
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
export const PluginsActivateResponse = Closed({
  data: Closed({ activated: Type.Array(Type.String()), active: Type.Array(Type.String()) }),
  errors: WpErrorBody,
  success: Type.Boolean(),
  message: Type.String(),
});
/** Synchronous activate answer. */
export type PluginsActivateResponse = Static<typeof PluginsActivateResponse>;

/** Async install/activate answer. */
export const PluginsAsyncResponse = Closed({
  data: Closed({ job_id: Type.String(), plugins: Type.Array(Type.String()) }),
  message: Type.String(),
});
/** Async install/activate answer. */
export type PluginsAsyncResponse = Static<typeof PluginsAsyncResponse>;

/** `POST /wc-admin/plugins/install`: the result, or the job when `async` is set. */
export const PluginsInstallRouteResponse = Type.Union([
  PluginsInstallResponse,
  PluginsAsyncResponse,
]);
/** `POST /wc-admin/plugins/activate`: the result, or the job when `async` is set. */
export const PluginsActivateRouteResponse = Type.Union([
  PluginsActivateResponse,
  PluginsAsyncResponse,
]);

/** One recorded install or activate job (`GET /wc-admin/plugins/{action}/status/{job_id}`). */
function pluginJob<T extends typeof PluginsInstallResponse | typeof PluginsActivateResponse>(
  result: T,
) {
  return Closed({
    job_id: Type.String(),
    plugins: Type.Array(Type.String()),
    status: Type.Literal('complete'),
    result,
  });
}
/** An install job. */
export const PluginsInstallJob = pluginJob(PluginsInstallResponse);
/** An activate job. */
export const PluginsActivateJob = pluginJob(PluginsActivateResponse);

/** `GET /wc-admin/plugins/connect-jetpack`: where to send the browser. */
export const ConnectJetpackResponse = Closed({
  slug: Type.String(),
  name: Type.String(),
  connectAction: Type.String(),
});
/** Where to send the browser to connect Jetpack. */
export type ConnectJetpackResponse = Static<typeof ConnectJetpackResponse>;

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
export const JetpackConnection = Closed({
  isActive: Type.Boolean(),
  isStaging: Type.Boolean(),
  isRegistered: Type.Boolean(),
  /** Whether an admin user completed the connection (WooCommerce's client reads this one). */
  hasConnectedOwner: Type.Boolean(),
});
/** The Jetpack connection's state. */
export type JetpackConnection = Static<typeof JetpackConnection>;

/** One PayPal environment's onboarding state. */
export const PaypalEnvironment = Closed({
  onboarded: Type.Boolean(),
  state: Type.Union([Type.Literal('onboarded'), Type.Literal('unknown')]),
});
/** One PayPal environment's onboarding state. */
export type PaypalEnvironment = Static<typeof PaypalEnvironment>;

/** `GET /wc-paypal/v1/onboarding/get-status`. */
export const PaypalOnboardingStatusBody = Closed({
  production: PaypalEnvironment,
  sandbox: PaypalEnvironment,
});
/** PayPal onboarding status. */
export type PaypalOnboardingStatusBody = Static<typeof PaypalOnboardingStatusBody>;

/** A recommended payment plugin. */
export const RecommendedPaymentPlugin = Closed({
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
