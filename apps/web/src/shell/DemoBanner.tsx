import { Link } from '@storelens/components/link';
import { useCurrentUser } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { useStore } from '../settings-context';

/** The in-app path of the Connections screen, where a shop replaces the demo. */
export const CONNECTIONS_PATH = '/analytics/settings/connections';

/**
 * Above every page while the store holds the generated demo shop: its figures are not the
 * owner's, and the way to their own shop is one click away (for those who may connect one).
 */
export function DemoBanner() {
  const { settings } = useStore();
  const { user, can } = useCurrentUser();
  if (!settings.demoStore) return null;
  // The way out depends on the role: said once the user's capabilities are known.
  const action =
    user === null ? null : can('manage_options') ? (
      <Link href={getNewPath({}, CONNECTIONS_PATH, {})}>{__('Connect your WooCommerce shop')}</Link>
    ) : (
      __('An administrator can connect your WooCommerce shop.')
    );
  return (
    <aside className="sl-demo-banner" aria-label={__('Demo data')}>
      <p>
        <strong>{__('Demo data.')}</strong>{' '}
        {__('These figures come from a generated shop, not yours.')} {action}
      </p>
    </aside>
  );
}
