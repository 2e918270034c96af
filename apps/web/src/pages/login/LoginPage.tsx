import type { LoginResponse } from '@storelens/api';
import { isApiError } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { signedIn, useApi } from '../../session';
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
      setError(isApiError(e) ? e.message : __('Logging in failed. Try again.'));
    }
  }

  const errorId = `${id}-error`;
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
          <div className="sl-field">
            <label htmlFor={`${id}-email`}>{__('E-mail address')}</label>
            <input
              ref={emailRef}
              id={`${id}-email`}
              className="sl-input"
              type="email"
              name="email"
              autoComplete="username"
              required
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div className="sl-field">
            <label htmlFor={`${id}-password`}>{__('Password')}</label>
            <input
              id={`${id}-password`}
              className="sl-input"
              type="password"
              name="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <p id={errorId} className="sl-form__error" role="alert">
            {error}
          </p>
          <button type="submit" className="sl-button" disabled={busy}>
            {busy ? __('Logging in…') : __('Log in')}
          </button>
        </form>
      </section>
    </main>
  );
}
