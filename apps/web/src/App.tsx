import { Link } from '@storelens/components';
import { __ } from '@storelens/i18n';
import { getHistory, getNewPath, getPersistedQuery, parseQuery } from '@storelens/navigation';
import { type ReactNode, useEffect } from 'react';
import { RevenueReport } from './pages/revenue/RevenueReport';
import { useAdminLocation } from './use-location';

/** The report pages, by in-app route. */
const routes: Record<string, { title: string; render: () => ReactNode }> = {
  '/analytics/revenue': { title: __('Revenue'), render: () => <RevenueReport /> },
};

const HOME = '/analytics/revenue';

/** The dashboard shell: navigation, then the page of the `path` parameter. */
export function App() {
  const location = useAdminLocation();
  const route = routes[location.pathname];
  const query = parseQuery(location.search);

  useEffect(() => {
    // The root has no page of its own yet: the Revenue report is the start page.
    if (location.pathname === '/') getHistory().replace(getNewPath({}, HOME, query));
  }, [location.pathname, query]);

  useEffect(() => {
    document.title = `${route?.title ?? __('Page not found')} ‹ ${__('Analytics')} ‹ Storelens`;
  }, [route]);

  return (
    <div className="sl-app">
      <header className="sl-app__header">
        <span className="sl-app__brand">Storelens</span>
        <nav aria-label={__('Reports')}>
          <ul className="sl-app__nav">
            {Object.entries(routes).map(([path, r]) => {
              const href = getNewPath(getPersistedQuery(query), path, {});
              return (
                <li key={path}>
                  <Link href={href} aria-current={path === location.pathname ? 'page' : undefined}>
                    {r.title}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main className="sl-app__main" id="main">
        {route ? (
          route.render()
        ) : location.pathname === '/' ? null : (
          <section className="sl-card">
            <h1>{__('Page not found')}</h1>
            <p>
              <Link href={getNewPath({}, HOME, {})}>{__('Go to the Revenue report')}</Link>
            </p>
          </section>
        )}
      </main>
    </div>
  );
}
