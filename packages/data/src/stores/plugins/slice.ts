import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  ConnectJetpackResponse,
  JetpackConnection,
  PaypalOnboardingStatusBody,
  PluginsActivateResponse,
  PluginsInstallResponse,
  RecommendedPaymentPlugin as RecommendedPlugin,
} from '@storelens/api';
import { type ApiError, apiError, clientError, toApiError } from '../../client/api-error.ts';
import { NAMESPACES, STORE_NAMES } from '../../core/paths.ts';
import type { AppThunk } from '../../core/thunk.ts';
import { fetchOption } from '../options/slice.ts';
import { formatPluginErrors, type PluginAction, pluginErrorsOf } from './messages.ts';

/** Recommended plugin types; only `payments` is supported. */
export type RecommendedPluginType = 'payments';

/** The install answer as the client resolves it: empty when the server sent no body. */
export type InstallPluginsResponse = Partial<PluginsInstallResponse>;
/** The activate answer as the client resolves it: empty when the server sent no body. */
export type ActivatePluginsResponse = Partial<PluginsActivateResponse>;
/** PayPal's status: the provider's answer, or the option-based fallback (production only). */
export type PaypalOnboardingStatus = Pick<PaypalOnboardingStatusBody, 'production'> &
  Partial<PaypalOnboardingStatusBody>;

/** Plugins the installer offers by default. */
export const DEFAULT_PLUGIN_SLUGS = ['jetpack', 'woocommerce-services'] as const;

/** The option the PayPal fallback reads, and the credentials it checks. */
export const PPCP_SETTINGS_OPTION = 'woocommerce-ppcp-settings';
/** The four production credentials that mean "onboarded". */
export const PPCP_PRODUCTION_CREDENTIALS = [
  'merchant_email_production',
  'merchant_id_production',
  'client_id_production',
  'client_secret_production',
] as const;

/** Plugin operations errors and flags are keyed by. */
export type PluginsOperation =
  | 'getActivePlugins'
  | 'getInstalledPlugins'
  | 'installPlugins'
  | 'activatePlugins'
  | 'getJetpackConnection'
  | 'getJetpackConnectUrl'
  | 'getPaypalOnboardingStatus'
  | 'getRecommendedPlugins';

/** Plugins state. */
export interface PluginsState {
  readonly active: readonly string[];
  readonly installed: readonly string[];
  readonly jetpackConnection: boolean | null;
  readonly jetpackConnectUrls: Readonly<Record<string, string>>;
  readonly paypalOnboardingStatus: PaypalOnboardingStatus | null;
  readonly recommended: Readonly<
    Partial<Record<RecommendedPluginType, readonly RecommendedPlugin[]>>
  >;
  readonly requesting: Readonly<Partial<Record<PluginsOperation, boolean>>>;
  readonly errors: Readonly<Partial<Record<PluginsOperation, ApiError>>>;
}

const initialState: PluginsState = {
  active: [],
  installed: [],
  jetpackConnection: null,
  jetpackConnectUrls: {},
  paypalOnboardingStatus: null,
  recommended: {},
  requesting: {},
  errors: {},
};

const merge = (list: readonly string[], more: readonly string[]) => [
  ...new Set([...list, ...more]),
];

/** The plugins slice. */
export const pluginsSlice = createSlice({
  name: STORE_NAMES.plugins,
  initialState,
  reducers: {
    requested(state, action: PayloadAction<PluginsOperation>) {
      state.requesting[action.payload] = true;
    },
    failed(state, action: PayloadAction<{ operation: PluginsOperation; error: ApiError }>) {
      state.requesting[action.payload.operation] = false;
      state.errors[action.payload.operation] = action.payload.error;
    },
    succeeded(state, action: PayloadAction<PluginsOperation>) {
      state.requesting[action.payload] = false;
      delete state.errors[action.payload];
    },
    activeReceived(state, action: PayloadAction<{ plugins: readonly string[]; replace: boolean }>) {
      state.active = action.payload.replace
        ? [...action.payload.plugins]
        : merge(state.active, action.payload.plugins);
      state.installed = merge(state.installed, action.payload.plugins);
    },
    installedReceived(
      state,
      action: PayloadAction<{ plugins: readonly string[]; replace: boolean }>,
    ) {
      state.installed = action.payload.replace
        ? [...action.payload.plugins]
        : merge(state.installed, action.payload.plugins);
    },
    jetpackConnectionReceived(state, action: PayloadAction<boolean>) {
      state.jetpackConnection = action.payload;
    },
    jetpackConnectUrlReceived(state, action: PayloadAction<{ redirectUrl: string; url: string }>) {
      state.jetpackConnectUrls[action.payload.redirectUrl] = action.payload.url;
    },
    paypalOnboardingStatusReceived(state, action: PayloadAction<PaypalOnboardingStatus>) {
      state.paypalOnboardingStatus = action.payload;
    },
    recommendedReceived(
      state,
      action: PayloadAction<{ type: RecommendedPluginType; plugins: readonly RecommendedPlugin[] }>,
    ) {
      return {
        ...state,
        recommended: { ...state.recommended, [action.payload.type]: [...action.payload.plugins] },
      };
    },
  },
});

const a = pluginsSlice.actions;
const base = `${NAMESPACES.admin}/plugins`;

function operation<R>(
  name: PluginsOperation,
  run: (...args: Parameters<AppThunk<R>>) => Promise<R>,
): AppThunk<R> {
  return async (dispatch, getState, extra) => {
    dispatch(a.requested(name));
    try {
      const value = await run(dispatch, getState, extra);
      dispatch(a.succeeded(name));
      return value;
    } catch (thrown) {
      const error = toApiError(thrown);
      dispatch(a.failed({ operation: name, error }));
      throw error;
    }
  };
}

/**
 * Throws `woocommerce_rest_plugin_<action>_error` when the answer lists per-plugin errors, its
 * message "Could not install {plugin} plugin, {error}" or the several-plugins sentence
 * (formatPluginErrors in messages.ts).
 */
function throwPluginErrors(
  action: PluginAction,
  response: InstallPluginsResponse | ActivatePluginsResponse | null,
  status: number,
) {
  const errors = pluginErrorsOf(response?.errors);
  if (Object.keys(errors).length > 0) {
    throw apiError(
      `woocommerce_rest_plugin_${action}_error`,
      formatPluginErrors(action, errors),
      status,
      errors,
    );
  }
}

const pluginsOf = (data: unknown): string[] => {
  const list = (data as { plugins?: unknown } | null)?.plugins;
  return Array.isArray(list) ? list.map(String) : [];
};

/** Fetches the active plugins list. */
export const fetchActivePlugins = (): AppThunk<string[]> =>
  operation('getActivePlugins', async (dispatch, _g, { client }) => {
    const plugins = pluginsOf((await client.get<unknown>(`${base}/active`)).data);
    dispatch(a.activeReceived({ plugins, replace: true }));
    return plugins;
  });

/** Fetches the installed plugins list. */
export const fetchInstalledPlugins = (): AppThunk<string[]> =>
  operation('getInstalledPlugins', async (dispatch, _g, { client }) => {
    const plugins = pluginsOf((await client.get<unknown>(`${base}/installed`)).data);
    dispatch(a.installedReceived({ plugins, replace: true }));
    return plugins;
  });

/** Installs plugins (comma-joined slugs); plugins that did install are recorded even when others fail. */
export const installPlugins = (
  slugs: readonly string[] = DEFAULT_PLUGIN_SLUGS,
): AppThunk<InstallPluginsResponse> =>
  operation('installPlugins', async (dispatch, _g, { client }) => {
    const { data, status } = await client.post<InstallPluginsResponse | null>(`${base}/install`, {
      plugins: slugs.join(','),
    });
    dispatch(a.installedReceived({ plugins: data?.data?.installed ?? [], replace: false }));
    throwPluginErrors('install', data, status);
    return data ?? {};
  });

/** Activates plugins (comma-joined slugs); activated ones are recorded even when others fail. */
export const activatePlugins = (slugs: readonly string[]): AppThunk<ActivatePluginsResponse> =>
  operation('activatePlugins', async (dispatch, _g, { client }) => {
    const { data, status } = await client.post<ActivatePluginsResponse | null>(`${base}/activate`, {
      plugins: slugs.join(','),
    });
    dispatch(a.activeReceived({ plugins: data?.data?.activated ?? [], replace: false }));
    throwPluginErrors('activate', data, status);
    return data ?? {};
  });

/** Installs then activates. */
export const installAndActivatePlugins =
  (slugs: readonly string[]): AppThunk<ActivatePluginsResponse> =>
  async (dispatch) => {
    await dispatch(installPlugins(slugs));
    return dispatch(activatePlugins(slugs));
  };

/** Fetches whether Jetpack is connected (`isActive`). */
export const fetchJetpackConnection = (): AppThunk<boolean> =>
  operation('getJetpackConnection', async (dispatch, _g, { client }) => {
    const { data } = await client.get<Partial<JetpackConnection> | null>(
      `${NAMESPACES.jetpack}/connection`,
    );
    const connected = data?.isActive === true;
    dispatch(a.jetpackConnectionReceived(connected));
    return connected;
  });

/** Fetches the Jetpack connect URL for a return address (cached per redirect URL). */
export const fetchJetpackConnectUrl = (redirectUrl: string): AppThunk<string> =>
  operation('getJetpackConnectUrl', async (dispatch, _g, { client }) => {
    const { data, status } = await client.get<Partial<ConnectJetpackResponse> | null>(
      `${base}/connect-jetpack`,
      {
        redirect_url: redirectUrl,
      },
    );
    if (typeof data?.connectAction !== 'string') {
      throw clientError('invalid_connect_response', status);
    }
    dispatch(a.jetpackConnectUrlReceived({ redirectUrl, url: data.connectAction }));
    return data.connectAction;
  });

/** PayPal fallback: onboarded when all four production credentials are set. */
export function paypalStatusFromSettings(settings: unknown): PaypalOnboardingStatus {
  const s =
    typeof settings === 'object' && settings !== null ? (settings as Record<string, unknown>) : {};
  const onboarded = PPCP_PRODUCTION_CREDENTIALS.every((key) => Boolean(s[key]));
  return { production: { state: onboarded ? 'onboarded' : 'unknown', onboarded } };
}

/**
 * Fetches PayPal onboarding status from the provider; on 404 or any failure falls back to the
 * `woocommerce-ppcp-settings` option check. Resolves the status either way.
 */
export const fetchPaypalOnboardingStatus = (): AppThunk<PaypalOnboardingStatus> =>
  operation('getPaypalOnboardingStatus', async (dispatch, _g, { client }) => {
    let status: PaypalOnboardingStatus;
    try {
      const { data } = await client.get<PaypalOnboardingStatus | null>(
        `${NAMESPACES.paypal}/onboarding/get-status`,
      );
      if (!data?.production) throw clientError('invalid_paypal_status');
      status = data;
    } catch {
      status = paypalStatusFromSettings(await dispatch(fetchOption(PPCP_SETTINGS_OPTION)));
    }
    dispatch(a.paypalOnboardingStatusReceived(status));
    return status;
  });

/** Fetches recommended plugins; only type `payments` is supported — any other makes no request. */
export const fetchRecommendedPlugins =
  (type: RecommendedPluginType): AppThunk<readonly RecommendedPlugin[]> =>
  async (dispatch, getState, extra) => {
    if (type !== 'payments') return [];
    return operation('getRecommendedPlugins', async (d, _g, { client }) => {
      const { data } = await client.get<RecommendedPlugin[] | null>(
        `${base}/recommended-payment-plugins`,
      );
      d(a.recommendedReceived({ type, plugins: data ?? [] }));
      return data ?? [];
    })(dispatch, getState, extra);
  };
