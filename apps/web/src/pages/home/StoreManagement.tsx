import { Link } from '@storelens/components';
import { useCurrentUser } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';

/** "Store management": quick links to the dashboard's own screens, by topic. */
export function StoreManagement() {
  const { can } = useCurrentUser();
  const groups: {
    title: string;
    links: { label: string; path: string; query?: Record<string, string>; admin?: boolean }[];
  }[] = [
    {
      title: __('Analytics'),
      links: [
        { label: __('Overview'), path: '/analytics/overview' },
        { label: __('Revenue'), path: '/analytics/revenue' },
        { label: __('Analytics settings'), path: '/analytics/settings', admin: true },
      ],
    },
    {
      title: __('Settings'),
      links: [
        { label: __('Connections'), path: '/analytics/settings/connections', admin: true },
        { label: __('Notifications'), path: '/analytics/settings/notifications' },
        { label: __('Users'), path: '/users', admin: true },
        {
          label: __('Import historical data'),
          path: '/analytics/settings',
          query: { import: 'true' },
          admin: true,
        },
      ],
    },
  ];
  return (
    <section className="sl-card sl-store-links" aria-labelledby="store-management-title">
      <h2 id="store-management-title">{__('Store management')}</h2>
      {groups.map((g) => (
        <div key={g.title}>
          <h3 className="sl-store-links__group">{g.title}</h3>
          <ul className="sl-store-links__list">
            {g.links
              .filter((l) => !l.admin || can('manage_options'))
              .map((l) => (
                <li key={l.label}>
                  <Link href={getNewPath(l.query ?? {}, l.path, {})}>
                    <strong>{l.label}</strong>
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
