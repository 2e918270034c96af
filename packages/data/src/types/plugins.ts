// Plugin types per spec 001 §3 and API.md §5.5 / A4 / A5, until packages/api has schemas.

/** Install state of one plugin (spec 001 §4). */
export type PluginState = 'activated' | 'installed' | 'unavailable';

/** A WP_Error as JSON: messages per plugin slug. */
export interface WpErrorJson {
  readonly errors?: Readonly<Record<string, readonly string[]>>;
  readonly error_data?: Readonly<Record<string, unknown>>;
}

/** The answer of POST /plugins/install. */
export interface InstallPluginsResponse {
  readonly data?: {
    readonly installed?: readonly string[];
    readonly results?: Readonly<Record<string, boolean>>;
  };
  readonly errors?: WpErrorJson;
  readonly success?: boolean;
  readonly message?: string;
}

/** The answer of POST /plugins/activate. */
export interface ActivatePluginsResponse {
  readonly data?: { readonly activated?: readonly string[]; readonly active?: readonly string[] };
  readonly errors?: WpErrorJson;
  readonly success?: boolean;
  readonly message?: string;
}

/** Onboarding state of one PayPal environment. */
export interface PaypalEnvironmentStatus {
  readonly state: 'onboarded' | 'unknown' | (string & {});
  readonly onboarded: boolean;
}

/** PayPal onboarding status: the provider's answer, or the option-based fallback. */
export interface PaypalOnboardingStatus {
  readonly production: PaypalEnvironmentStatus;
  readonly sandbox?: PaypalEnvironmentStatus;
}

/** A recommended plugin (API.md A4). */
export interface RecommendedPlugin {
  readonly product: string;
  readonly title: string;
  readonly copy: string;
  readonly image: string;
  readonly button_text: string;
  readonly setup_link: string;
  readonly plugins: readonly string[];
}

/** Recommended plugin types; only `payments` is supported (spec 001 §5). */
export type RecommendedPluginType = 'payments';
