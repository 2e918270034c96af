import { Link } from '@storelens/components/link';
import { __, sprintf } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { reloadHere, useApi, useSession } from '../../session';
import '../login/auth.css';

const UsersPage = lazy(() => import('../users/UsersPage').then((m) => ({ default: m.UsersPage })));
const ProfilePage = lazy(() =>
  import('../profile/ProfilePage').then((m) => ({ default: m.ProfilePage })),
);

const loading = <p role="status">{__('Loading…')}</p>;

/** The account screens, by in-app route (App.tsx looks them up after its own routes). */
export const accountRoutes: Record<string, { title: string; render: () => ReactNode }> = {
  '/users': {
    title: __('Users'),
    render: () => (
      <Suspense fallback={loading}>
        <UsersPage />
      </Suspense>
    ),
  },
  '/profile': {
    title: __('Profile'),
    render: () => (
      <Suspense fallback={loading}>
        <ProfilePage />
      </Suspense>
    ),
  },
};

/** "Logged in as …", the profile and (administrators) users links, and Log out. */
export function AccountMenu() {
  const { user } = useSession();
  const api = useApi();
  const [busy, setBusy] = useState(false);
  if (!user) return null;
  const logOut = async () => {
    setBusy(true);
    try {
      await api((c) => c.post('/storelens/v1/logout'));
    } finally {
      // Served again without a session, the same URL shows the login page.
      reloadHere();
    }
  };
  return (
    <nav className="sl-account-menu" aria-label={__('Account')}>
      <span>{sprintf(__('Logged in as %s'), user.name)}</span>
      <Link href={getNewPath({}, '/profile', {})}>{__('Profile')}</Link>
      {user.role === 'administrator' && (
        <Link href={getNewPath({}, '/users', {})}>{__('Users')}</Link>
      )}
      <button type="button" className="sl-link-button" onClick={logOut} disabled={busy}>
        {__('Log out')}
      </button>
    </nav>
  );
}
