import { useMemo } from 'react';
import type { ApiError } from '../../client/api-error.ts';
import { ignoreRejection, useStorelensDispatch } from '../../react/provider.tsx';
import { useFetchedOnce } from '../../react/use-query.ts';
import { getPluginState, type PluginState } from './messages.ts';
import {
  type ActivatePluginsResponse,
  activatePlugins,
  fetchActivePlugins,
  fetchInstalledPlugins,
  fetchJetpackConnectUrl,
  fetchPaypalOnboardingStatus,
  type InstallPluginsResponse,
  installAndActivatePlugins,
  installPlugins,
  type PaypalOnboardingStatus,
  type PluginsOperation,
  type PluginsState,
} from './slice.ts';

/** What `usePlugins` returns. */
export interface UsePluginsResult {
  readonly active: readonly string[];
  readonly installed: readonly string[];
  readonly isRequesting: boolean;
  readonly errors: Readonly<Partial<Record<PluginsOperation, ApiError>>>;
  readonly jetpackConnection: boolean | null;
  readonly jetpackConnectUrls: PluginsState['jetpackConnectUrls'];
  readonly paypalOnboardingStatus: PaypalOnboardingStatus | null;
  /** activated / installed / unavailable. */
  readonly getPluginState: (slug: string) => PluginState;
  readonly installPlugins: (slugs?: readonly string[]) => Promise<InstallPluginsResponse>;
  readonly activatePlugins: (slugs: readonly string[]) => Promise<ActivatePluginsResponse>;
  readonly installAndActivatePlugins: (
    slugs: readonly string[],
  ) => Promise<ActivatePluginsResponse>;
  readonly getJetpackConnectUrl: (redirectUrl: string) => Promise<string>;
  readonly getPaypalOnboardingStatus: () => Promise<PaypalOnboardingStatus>;
}

/** Reads the active and installed plugins (fetched once) and installs or activates plugins. */
export function usePlugins(): UsePluginsResult {
  const dispatch = useStorelensDispatch();
  const state = useFetchedOnce(
    'plugins',
    (s) => s.plugins,
    () => async (d, getState) => {
      const { requesting } = getState().plugins;
      if (requesting.getActivePlugins === undefined) ignoreRejection(d(fetchActivePlugins()));
      if (requesting.getInstalledPlugins === undefined) ignoreRejection(d(fetchInstalledPlugins()));
    },
    ({ requesting }) =>
      requesting.getActivePlugins === undefined || requesting.getInstalledPlugins === undefined,
  );
  // The operations keep their identity while the state changes (see useOnboarding).
  const operations = useMemo(
    () => ({
      installPlugins: (slugs?: readonly string[]) => dispatch(installPlugins(slugs)),
      activatePlugins: (slugs: readonly string[]) => dispatch(activatePlugins(slugs)),
      installAndActivatePlugins: (slugs: readonly string[]) =>
        dispatch(installAndActivatePlugins(slugs)),
      getJetpackConnectUrl: (redirectUrl: string) => dispatch(fetchJetpackConnectUrl(redirectUrl)),
      getPaypalOnboardingStatus: () => dispatch(fetchPaypalOnboardingStatus()),
    }),
    [dispatch],
  );
  return useMemo(
    () => ({
      active: state.active,
      installed: state.installed,
      isRequesting: Object.values(state.requesting).some(Boolean),
      errors: state.errors,
      jetpackConnection: state.jetpackConnection,
      jetpackConnectUrls: state.jetpackConnectUrls,
      paypalOnboardingStatus: state.paypalOnboardingStatus,
      getPluginState: (slug) => getPluginState(slug, state.active, state.installed),
      ...operations,
    }),
    [state, operations],
  );
}
