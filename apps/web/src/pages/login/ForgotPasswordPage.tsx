import type { PasswordResetResponse } from '@storelens/api';
import { Link } from '@storelens/components/link';
import { __ } from '@storelens/i18n';
import { getNewPath } from '@storelens/navigation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../session';
import { AccountField } from '../account-fields/AccountField';
import { fieldMessages, requestMessage } from '../account-fields/rules';
import './auth.css';

/** The in-app path of this page; the login page links to it. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';

/**
 * "Forgot password?": asks the server to e-mail a one-time reset link when it can
 * (`passwordReset` of the page's settings is `email`); otherwise says who can give one.
 */
export function ForgotPasswordPage({ byEmail }: { byEmail: boolean }) {
  const api = useApi();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [sentTo, setSentTo] = useState('');
  const [busy, setBusy] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    document.title = `${__('Forgot password')} ‹ Storelens`;
    emailRef.current?.focus();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim()) {
      setError(__('Enter the e-mail address of your account.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await api((c) =>
        c.post<PasswordResetResponse>('/storelens/v1/password-reset', { email: email.trim() }),
      );
      setSentTo(email.trim());
    } catch (e) {
      setError(fieldMessages(e).email ?? requestMessage(e, __('The request failed. Try again.')));
    } finally {
      setBusy(false);
    }
  }

  const login = getNewPath({}, '/', {});
  return (
    <main className="sl-auth">
      <section className="sl-card sl-auth__card" aria-labelledby={`${id}-title`}>
        <p className="sl-auth__brand">Storelens</p>
        <h1 id={`${id}-title`}>{__('Forgot password')}</h1>
        {!byEmail ? (
          <>
            <p>{__('This server cannot e-mail password reset links.')}</p>
            <p>
              {__(
                'Ask an administrator for a link (Users, then "Password reset link" on your row), or, on the server, run:',
              )}
            </p>
            <pre className="sl-auth__command">
              <code>npm run user -- reset-password you@example.com</code>
            </pre>
          </>
        ) : sentTo ? (
          <p role="status">
            {__(
              'If an account uses that address, a link to choose a new password is on its way. It works once, for 24 hours. Check your spam folder if it does not arrive.',
            )}
          </p>
        ) : (
          <form className="sl-form" onSubmit={submit} noValidate>
            <p>
              {__('Enter your e-mail address: we will send you a link to choose a new password.')}
            </p>
            <AccountField
              inputRef={emailRef}
              id={`${id}-email`}
              kind="email"
              name="email"
              required
              label={__('E-mail address')}
              value={email}
              onChange={setEmail}
              error={error}
            />
            <button type="submit" className="sl-button" disabled={busy}>
              {busy ? __('Sending…') : __('Send the link')}
            </button>
          </form>
        )}
        <p>
          <Link href={login}>{__('Back to log in')}</Link>
        </p>
      </section>
    </main>
  );
}
