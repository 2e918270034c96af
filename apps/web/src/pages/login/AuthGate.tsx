import { __ } from '@storelens/i18n';
import { parseQuery } from '@storelens/navigation';
import { lazy, type ReactNode, Suspense } from 'react';
import { useSession } from '../../session';
import { useAdminLocation } from '../../use-location';

const LoginPage = lazy(() => import('./LoginPage').then((m) => ({ default: m.LoginPage })));
const ForgotPasswordPage = lazy(() =>
  import('./ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const SetupPage = lazy(() => import('../setup/SetupPage').then((m) => ({ default: m.SetupPage })));
const AcceptInvitationPage = lazy(() =>
  import('../accept-invitation/AcceptInvitationPage').then((m) => ({
    default: m.AcceptInvitationPage,
  })),
);

/**
 * What a visitor sees before the dashboard: the first-run page while no account exists, the
 * page of an invitation or password-reset link, the login page when signed out or when the
 * session expired (in place: the URL stays, and logging in reloads it). Otherwise the app.
 */
export function AuthGate({
  setupRequired,
  passwordReset = 'command',
  children,
}: {
  setupRequired: boolean;
  /** How a forgotten password is reset: by an e-mailed link, or by an administrator. */
  passwordReset?: 'email' | 'command';
  children: ReactNode;
}) {
  const session = useSession();
  const location = useAdminLocation();
  const token = String(parseQuery(location.search).token ?? '');
  let page: ReactNode;
  if (location.pathname === '/setup' && setupRequired) page = <SetupPage token={token} />;
  else if (location.pathname === '/accept-invitation')
    page = <AcceptInvitationPage token={token} />;
  else if (location.pathname === '/forgot-password' && !session.user)
    page = <ForgotPasswordPage byEmail={passwordReset === 'email'} />;
  else if (!session.user || session.expired)
    page = <LoginPage expired={session.expired} setupRequired={setupRequired} />;
  else return <>{children}</>;
  return (
    <Suspense
      fallback={
        <p role="status" className="sl-auth">
          {__('Loading…')}
        </p>
      }
    >
      {page}
    </Suspense>
  );
}
