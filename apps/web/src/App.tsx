import { Link } from '@storelens/components/link';
import { Spinner } from '@storelens/components/spinner';
import { useCurrentUser } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { getHistory, getNewPath, parseQuery } from '@storelens/navigation';
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { AccountMenu, accountRoutes } from './pages/account-menu/AccountMenu';
import { reportRoutes } from './reports';
import { DemoBanner } from './shell/DemoBanner';
import { ErrorBoundary } from './shell/ErrorBoundary';
import { FreshnessProvider } from './shell/freshness';
import { Navigation } from './shell/Navigation';
import { NotAllowed, NotFound } from './shell/NotFound';
import { NoticesProvider } from './shell/notices';
import {
  ALL_PAGES,
  availablePages,
  breadcrumbs,
  canonicalPath,
  documentTitle,
} from './shell/pages';
import { rememberPersistedQuery } from './shell/persisted-query';
import { ThemeSwitcher } from './shell/theme';
import { useAdminLocation } from './use-location';

type Page = LazyExoticComponent<ComponentType>;

/** The shell's own pages, each loaded when first opened. */
const shellRoutes: Record<string, Page> = {
  '/': lazy(() => import('./pages/home/Home').then((m) => ({ default: m.Home }))),
  '/analytics/overview': lazy(() =>
    import('./pages/overview/Overview').then((m) => ({ default: m.Overview })),
  ),
  '/analytics/settings': lazy(() =>
    import('./pages/settings/AnalyticsSettings').then((m) => ({ default: m.AnalyticsSettings })),
  ),
  '/analytics/settings/connections': lazy(() => import('./pages/connections/ConnectionsPage')),
  '/analytics/settings/notifications': lazy(
    () => import('./pages/notifications/NotificationsPage'),
  ),
  '/analytics/settings/segments': lazy(() => import('./pages/segments/SegmentsPage')),
};

/** The component and title of a route, or null for an unknown one. */
function resolveRoute(path: string): { component: ComponentType; title: string } | null {
  const canonical = canonicalPath(path);
  const account = accountRoutes[path];
  if (account) return { component: account.render as ComponentType, title: account.title };
  const report = reportRoutes.find((r) => r.path === canonical || r.path === path);
  if (report) return { component: report.component, title: report.title };
  const own = shellRoutes[canonical];
  const entry = ALL_PAGES.find((p) => p.path === canonical);
  if (own && entry) return { component: own, title: entry.title };
  return null;
}

/**
 * The dashboard shell: header (menu button, breadcrumbs, theme, the user menu slot), the
 * navigation, and the page of the `path` parameter inside an error boundary.
 */
export function App() {
  const location = useAdminLocation();
  const path = location.pathname;
  const route = resolveRoute(path);
  const { user, can, error: userError } = useCurrentUser();
  // Pages wait for the user's capabilities (read once per visit), so a page the role may not
  // open is never drawn nor asked for; if they cannot be read, the server still refuses.
  const userKnown = user !== null || userError !== null;
  const pages = useMemo(
    () =>
      availablePages(
        reportRoutes.map((r) => r.path),
        user ? can : undefined,
      ),
    [user, can],
  );
  const entry = ALL_PAGES.find((p) => p.path === canonicalPath(path));
  const forbidden = Boolean(user && entry && !can(entry.capability));

  useEffect(() => {
    // Home is for those who run the store; report readers start on the Overview.
    if (path === '/' && forbidden) getHistory().replace(getNewPath({}, '/analytics/overview', {}));
  }, [path, forbidden]);
  const trail = breadcrumbs(path, route?.title ?? null);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    document.title = documentTitle(trail);
  });

  useEffect(() => {
    const entry = ALL_PAGES.find((p) => p.path === canonicalPath(path));
    if (entry?.persistsQuery) rememberPersistedQuery(parseQuery(location.search));
  }, [path, location.search]);

  const Page = route?.component;
  return (
    <NoticesProvider>
      <FreshnessProvider>
        <a className="sl-skip-link" href="#main">
          {__('Skip to content')}
        </a>
        <div className={`sl-app${menuOpen ? ' sl-app--menu-open' : ''}`}>
          <header className="sl-app__header">
            <button
              type="button"
              className="sl-app__menu-button"
              aria-expanded={menuOpen}
              aria-controls="sl-app-nav"
              onClick={() => setMenuOpen(!menuOpen)}
            >
              {__('Menu')}
            </button>
            <span className="sl-app__brand">Storelens</span>
            <nav className="sl-breadcrumbs" aria-label={__('Breadcrumb')}>
              <ol>
                {trail.map((crumb, i) => (
                  <li key={crumb.label}>
                    {crumb.path ? (
                      <Link href={getNewPath({}, crumb.path, {})}>{crumb.label}</Link>
                    ) : (
                      <span aria-current={i === trail.length - 1 ? 'page' : undefined}>
                        {crumb.label}
                      </span>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
            <div className="sl-app__tools">
              <ThemeSwitcher />
              <AccountMenu />
            </div>
          </header>
          <div className="sl-app__body">
            <div className="sl-app__sidebar" id="sl-app-nav">
              <Navigation
                canFavorite={user !== null && can('read')}
                pages={pages}
                currentPath={canonicalPath(path)}
                onNavigate={() => setMenuOpen(false)}
              />
            </div>
            <main className="sl-app__main" id="main" tabIndex={-1}>
              <DemoBanner />
              <ErrorBoundary key={path}>
                <Suspense
                  fallback={
                    <div className="sl-app__loading">
                      <Spinner />
                    </div>
                  }
                >
                  {!userKnown && Page ? (
                    <div className="sl-app__loading">
                      <Spinner />
                    </div>
                  ) : forbidden ? (
                    <NotAllowed />
                  ) : Page ? (
                    <Page />
                  ) : (
                    <NotFound />
                  )}
                </Suspense>
              </ErrorBoundary>
            </main>
          </div>
        </div>
      </FreshnessProvider>
    </NoticesProvider>
  );
}
