import { Link } from '@storelens/components';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';

/** "Store management": quick links to the dashboard's own screens, by topic. */
export function StoreManagement() {
  const groups: {
    title: string;
    links: { label: string; path: string; query?: Record<string, string> }[];
  }[] = [
    {
      title: __('Analytics'),
      links: [
        { label: __('Overview'), path: '/analytics/overview' },
        { label: __('Revenue'), path: '/analytics/revenue' },
        { label: __('Analytics settings'), path: '/analytics/settings' },
      ],
    },
    {
      title: __('Settings'),
      links: [
        { label: __('Store details'), path: '/', query: { task: 'store_details' } },
        { label: __('Add products'), path: '/', query: { task: 'products' } },
        { label: __('Payments'), path: '/', query: { task: 'payments' } },
        { label: __('Tax'), path: '/', query: { task: 'tax' } },
        { label: __('Shipping'), path: '/', query: { task: 'shipping' } },
        {
          label: __('Import historical data'),
          path: '/analytics/settings',
          query: { import: 'true' },
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
            {g.links.map((l) => (
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
