import { describe, expect, it } from 'vitest';
import { ALL_PAGES, availablePages, breadcrumbs, canonicalPath, documentTitle } from './pages';
import { resolveTheme } from './theme';

describe('pages, breadcrumbs and titles', () => {
  it('lists the shell pages always and report pages only once registered', () => {
    const paths = availablePages(['/analytics/revenue']).map((p) => p.path);
    expect(paths).toEqual([
      '/',
      '/analytics/overview',
      '/analytics/revenue',
      '/analytics/settings',
      '/analytics/settings/connections',
      '/analytics/settings/notifications',
      '/analytics/settings/segments',
    ]);
    expect(availablePages(ALL_PAGES.map((p) => p.path))).toHaveLength(ALL_PAGES.length);
    // Settings and Connections are store-wide: administrators only.
    const managerPaths = availablePages(
      ALL_PAGES.map((p) => p.path),
      (c) => c !== 'manage_options',
    ).map((p) => p.path);
    expect(managerPaths).not.toContain('/analytics/settings');
    expect(managerPaths).not.toContain('/analytics/settings/connections');
    expect(managerPaths).toContain('/');
    // Notifications: every role manages its own digests and alert rules.
    const analystPaths = availablePages(
      ALL_PAGES.map((p) => p.path),
      (c) => ['read', 'view_woocommerce_reports'].includes(c),
    ).map((p) => p.path);
    expect(analystPaths).toContain('/analytics/settings/notifications');
    // Segments: every role manages its own.
    expect(analystPaths).toContain('/analytics/settings/segments');
    expect(analystPaths).not.toContain('/analytics/settings/connections');
  });

  it('builds the trail and the title from it', () => {
    expect(documentTitle(breadcrumbs('/', 'Home'))).toBe('Home ‹ Storelens');
    const overview = breadcrumbs('/analytics/overview', 'Overview');
    expect(overview.map((c) => c.label)).toEqual(['Storelens', 'Analytics', 'Overview']);
    expect(overview[1]?.path).toBe('/analytics/overview');
    expect(breadcrumbs('/analytics/settings', 'Settings')[1]?.path).toBe('/analytics/revenue');
    expect(documentTitle(breadcrumbs('/analytics/settings/notifications', 'Notifications'))).toBe(
      'Notifications ‹ Analytics ‹ Storelens',
    );
    expect(documentTitle(breadcrumbs('/customers', 'Customers'))).toBe('Customers ‹ Storelens');
    expect(documentTitle(breadcrumbs('/analytics/customers', 'Customers'))).toBe(
      'Customers ‹ Analytics ‹ Storelens',
    );
    expect(documentTitle(breadcrumbs('/x', null))).toBe('Page not found ‹ Storelens');
    expect(canonicalPath('/analytics/customers')).toBe('/customers');
  });

  it('carries the report period only to pages that use it', () => {
    const persists = Object.fromEntries(ALL_PAGES.map((p) => [p.path, p.persistsQuery]));
    expect(persists['/analytics/revenue']).toBe(true);
    expect(persists['/analytics/settings']).toBe(false);
    expect(persists['/analytics/stock']).toBe(false);
    expect(persists['/customers']).toBe(false);
    expect(persists['/']).toBe(false);
  });
});

describe('theme', () => {
  it('resolves the theme from the choice and the system', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });
});
