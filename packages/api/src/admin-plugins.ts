import { Type } from 'typebox';
import { AdminBool, AdminContext } from './admin-common';

/** What a catalog extension is for. */
export type PluginCategory = 'marketing' | 'payments' | 'shipping' | 'connection';

/** A known extension of the standalone plugin catalog (API.md A5). */
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
export interface WpErrorBody {
  errors: Record<string, string[]>;
  error_data: Record<string, { code: string }>;
}

/** Synchronous install answer. */
export interface PluginsInstallResponse {
  data: {
    installed: string[];
    results: Record<string, boolean>;
    install_time: Record<string, number>;
  };
  errors: WpErrorBody;
  success: boolean;
  message: string;
}

/** Synchronous activate answer. */
export interface PluginsActivateResponse {
  data: { activated: string[]; active: string[] };
  errors: WpErrorBody;
  success: boolean;
  message: string;
}

/** Async install/activate answer. */
export interface PluginsAsyncResponse {
  data: { job_id: string; plugins: string[] };
  message: string;
}

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
export interface PaypalEnvironment {
  onboarded: boolean;
  state: 'onboarded' | 'unknown';
}

/** `GET /wc-paypal/v1/onboarding/get-status`. */
export interface PaypalOnboardingStatusBody {
  production: PaypalEnvironment;
  sandbox: PaypalEnvironment;
}

/** A recommended payment plugin (API.md A4). */
export interface RecommendedPaymentPlugin {
  product: string;
  title: string;
  copy: string;
  image: string;
  button_text: string;
  setup_link: string;
  plugins: string[];
}

/** Query of routes that take no parameters but `context`. */
export const ContextOnlyQuery = Type.Object(
  { context: AdminContext },
  { additionalProperties: false },
);
