import { Link } from '@storelens/components/link';
import { useFavorites } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { useEffect, useRef, useState } from 'react';
import { useNotices } from './notices';
import type { PageEntry } from './pages';
import { usePersistedQuery } from './persisted-query';

/** The href a menu link points at: the page, carrying the persisted report query if it uses it. */
export function menuHref(entry: PageEntry, persisted: Record<string, string>): string {
  return getNewPath(entry.persistsQuery ? persisted : {}, entry.path, {});
}

function MenuLink({
  entry,
  current,
  favorite,
  busy,
  onToggle,
  onNavigate,
}: {
  entry: PageEntry;
  current: boolean;
  favorite: boolean;
  busy: boolean;
  onToggle: ((entry: PageEntry, favorite: boolean) => void) | null;
  onNavigate: () => void;
}) {
  const persisted = usePersistedQuery();
  return (
    <li className="sl-nav__item">
      <Link
        href={menuHref(entry, persisted)}
        aria-current={current ? 'page' : undefined}
        className="sl-nav__link"
        onClick={onNavigate}
      >
        {entry.title}
      </Link>
      {onToggle && (
        <button
          type="button"
          className="sl-nav__star"
          aria-pressed={favorite}
          aria-disabled={busy || undefined}
          aria-label={sprintf(__('Favorite %s'), entry.title)}
          title={
            favorite
              ? sprintf(__('Remove %s from favorites'), entry.title)
              : sprintf(__('Add %s to favorites'), entry.title)
          }
          onClick={() => {
            if (!busy) onToggle(entry, favorite);
          }}
        >
          <span aria-hidden="true">{favorite ? '★' : '☆'}</span>
        </button>
      )}
    </li>
  );
}

/** Props of the menu. */
interface NavigationProps {
  pages: readonly PageEntry[];
  currentPath: string;
  onNavigate: () => void;
}

/**
 * The dashboard menu. Users who may keep favorites (the favorites routes need
 * `manage_woocommerce`, apps/server/src/admin/index.ts) get the stars; others the plain menu.
 */
export function Navigation(props: NavigationProps & { canFavorite: boolean }) {
  const { canFavorite, ...rest } = props;
  return canFavorite ? <FavoritesNavigation {...rest} /> : <Menu {...rest} favorites={[]} />;
}

/**
 * Favorites first (per user, through the navigation store), then the pages. A star adds or
 * removes a favorite; a failure shows a snackbar and leaves the menu as it was.
 */
function FavoritesNavigation({ pages, currentPath, onNavigate }: NavigationProps) {
  const { favorites, addMenuItems, addFavorite, removeFavorite } = useFavorites();
  const notice = useNotices();
  const [pending, setPending] = useState<string | null>(null);

  // Registered once per page list: `addMenuItems` changes with every store update, and
  // registering changes the store, so it must not be an effect dependency.
  const register = useRef(addMenuItems);
  register.current = addMenuItems;
  useEffect(() => {
    register.current(pages.map((p) => ({ id: p.id, title: p.title, menuId: 'plugins' })));
  }, [pages]);

  const toggle = async (entry: PageEntry, isFavorite: boolean) => {
    setPending(entry.id);
    try {
      if (isFavorite) await removeFavorite(entry.id);
      else await addFavorite(entry.id);
    } catch {
      notice(
        isFavorite
          ? sprintf(__('%s could not be removed from favorites.'), entry.title)
          : sprintf(__('%s could not be added to favorites.'), entry.title),
      );
    } finally {
      setPending(null);
    }
  };
  return (
    <Menu
      pages={pages}
      currentPath={currentPath}
      onNavigate={onNavigate}
      favorites={favorites}
      pending={pending}
      onToggle={toggle}
    />
  );
}

/** Favorites group (if any), Home, the Analytics group, then Customers. */
function Menu({
  pages,
  currentPath,
  onNavigate,
  favorites,
  pending = null,
  onToggle = null,
}: NavigationProps & {
  favorites: readonly string[];
  pending?: string | null;
  onToggle?: ((entry: PageEntry, favorite: boolean) => void) | null;
}) {
  const favoriteSet = new Set(favorites);
  const byId = new Map(pages.map((p) => [p.id, p]));
  const favoritePages = favorites.flatMap((id) => byId.get(id) ?? []);
  const item = (entry: PageEntry, key = entry.id) => (
    <MenuLink
      key={key}
      entry={entry}
      current={entry.path === currentPath}
      favorite={favoriteSet.has(entry.id)}
      busy={pending === entry.id}
      onToggle={onToggle}
      onNavigate={onNavigate}
    />
  );
  const analytics = pages.filter((p) => p.group === 'analytics');
  const others = pages.filter((p) => p.group !== 'analytics');

  return (
    <nav className="sl-nav" aria-label={__('Dashboard')}>
      {favoritePages.length > 0 && (
        <section aria-labelledby="sl-nav-favorites">
          <h2 className="sl-nav__group" id="sl-nav-favorites">
            {__('Favorites')}
          </h2>
          <ul className="sl-nav__list">{favoritePages.map((p) => item(p, `fav-${p.id}`))}</ul>
        </section>
      )}
      <ul className="sl-nav__list">{others.filter((p) => p.path === '/').map((p) => item(p))}</ul>
      <section aria-labelledby="sl-nav-analytics">
        <h2 className="sl-nav__group" id="sl-nav-analytics">
          {__('Analytics')}
        </h2>
        <ul className="sl-nav__list">{analytics.map((p) => item(p))}</ul>
      </section>
      <ul className="sl-nav__list">{others.filter((p) => p.path !== '/').map((p) => item(p))}</ul>
    </nav>
  );
}
