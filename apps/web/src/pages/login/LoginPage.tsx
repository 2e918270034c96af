import type { LoginResponse } from '@storelens/api';
import { Link } from '@storelens/components/link';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { signedIn, useApi } from '../../session';
import { AccountField } from '../account-fields/AccountField';
import { requestMessage } from '../account-fields/rules';
import './auth.css';

/** Sign in with e-mail and password; the page then reloads where the user was going. */
export function LoginPage({
  expired = false,
  setupRequired = false,
}: {
  expired?: boolean;
  setupRequired?: boolean;
}) {
  const api = useApi();
  const id = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${__('Log in')} ‹ Storelens`;
    emailRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      setError(__('Enter your e-mail address and password.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      const { data } = await api((c) =>
        c.post<LoginResponse>('/storelens/v1/login', { email, password }),
      );
      signedIn(data);
    } catch (e) {
      setBusy(false);
      setError(requestMessage(e, __('Logging in failed. Try again.')));
    }
  }

  const errorId = `${id}-error`;
  // One message under the form speaks of both fields.
  const formMessage = { describedBy: error ? errorId : undefined, invalid: Boolean(error) };
  return (
    <main className="sl-auth">
      <section className="sl-card sl-auth__card" aria-labelledby={`${id}-title`}>
        <p className="sl-auth__brand">Storelens</p>
        <h1 id={`${id}-title`}>{__('Log in')}</h1>
        {expired && (
          <p role="status">{__('Your session has expired. Log in again to continue.')}</p>
        )}
        {setupRequired && (
          <p>
            {__(
              'No account exists yet: open the setup link that `npm start` printed to create the administrator.',
            )}
          </p>
        )}
        <form className="sl-form" onSubmit={submit} noValidate>
          <AccountField
            inputRef={emailRef}
            id={`${id}-email`}
            kind="email"
            name="email"
            required
            label={__('E-mail address')}
            value={email}
            onChange={setEmail}
            {...formMessage}
          />
          <AccountField
            id={`${id}-password`}
            kind="current-password"
            name="password"
            required
            label={__('Password')}
            value={password}
            onChange={setPassword}
            {...formMessage}
          />
          <p id={errorId} className="sl-form__error" role="alert">
            {error}
          </p>
          <button type="submit" className="sl-button" disabled={busy}>
            {busy ? __('Logging in…') : __('Log in')}
          </button>
        </form>
        {!setupRequired && (
          <p>
            <Link href={getNewPath({}, '/forgot-password', {})}>{__('Forgot password?')}</Link>
          </p>
        )}
      </section>
    </main>
  );
}
