import type { WpErrorBody as WpErrorJson } from '@storelens/api';
import { __, sprintf } from '@storelens/i18n';

/** Install state of one plugin, as the client derives it from the active and installed lists. */
export type PluginState = 'activated' | 'installed' | 'unavailable';

/** Which plugin action failed. */
export type PluginAction = 'install' | 'activate';

/**
 * One plugin → 'Could not install {plugin} plugin, {error}'; several →
 * 'Could not install the following plugins: {names} with these Errors: {errors}'; activation
 * uses the same sentences with "activate".
 */
export function formatPluginErrors(
  action: PluginAction,
  errors: Readonly<Record<string, string>>,
): string {
  const names = Object.keys(errors);
  const messages = Object.values(errors);
  if (names.length === 1) {
    const single =
      action === 'install'
        ? __('Could not install %1$s plugin, %2$s')
        : __('Could not activate %1$s plugin, %2$s');
    return sprintf(single, names[0] ?? '', messages[0] ?? '');
  }
  const several =
    action === 'install'
      ? __('Could not install the following plugins: %1$s with these Errors: %2$s')
      : __('Could not activate the following plugins: %1$s with these Errors: %2$s');
  return sprintf(several, names.join(', '), messages.join(', '));
}

/** Flattens a WP_Error JSON (`errors.errors`) into one message per plugin slug. */
export function pluginErrorsOf(errors: WpErrorJson | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [slug, messages] of Object.entries(errors?.errors ?? {})) {
    out[slug] = messages.join(' ');
  }
  return out;
}

/** Activated if active, installed if installed, otherwise unavailable. */
export function getPluginState(
  slug: string,
  active: readonly string[],
  installed: readonly string[],
): PluginState {
  if (active.includes(slug)) return 'activated';
  if (installed.includes(slug)) return 'installed';
  return 'unavailable';
}
