import type { AccountLinkInfo, LoginResponse } from '@storelens/api';
import { isApiError } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DASHBOARD_HOME, useApi } from '../../session';
import '../login/auth.css';

/** An invitation or password-reset link: choose a name and a password, then go in. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const api = useApi();
  const id = useId();
  const [link, setLink] = useState<AccountLinkInfo | null>(null);
  const [invalid, setInvalid] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${__('Choose your password')} ‹ Storelens`;
    api((c) => c.get<AccountLinkInfo>(`/storelens/v1/account-links/${encodeURIComponent(token)}`))
      .then(({ data }) => {
        setLink(data);
        setName(data.name === data.email ? '' : data.name);
      })
      .catch((e: unknown) =>
        setInvalid(isApiError(e) ? e.message : __('This link could not be checked.')),
      );
  }, [api, token]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (password.length < 8) {
      setError(__('Use at least 8 characters.'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      await api((c) =>
        c.post<LoginResponse>(`/storelens/v1/account-links/${encodeURIComponent(token)}`, {
          password,
          ...(name.trim() ? { name } : {}),
        }),
      );
      window.location.assign(DASHBOARD_HOME);
    } catch (e) {
      setBusy(false);
      setError(isApiError(e) ? e.message : __('Saving failed. Try again.'));
    }
  }

  return (
    <main className="sl-auth">
      <section className="sl-card sl-auth__card" aria-labelledby={`${id}-title`}>
        <p className="sl-auth__brand">Storelens</p>
        <h1 id={`${id}-title`}>
          {link?.kind === 'reset' ? __('Choose a new password') : __('Choose your password')}
        </h1>
        {invalid ? (
          <p role="alert">{invalid}</p>
        ) : !link ? (
          <p role="status">{__('Checking the link…')}</p>
        ) : (
          <form className="sl-form" onSubmit={submit} noValidate>
            <p>
              {__('Account:')} <strong>{link.email}</strong>
            </p>
            <div className="sl-field">
              <label htmlFor={`${id}-name`}>{__('Your name')}</label>
              <input
                id={`${id}-name`}
                className="sl-input"
                autoComplete="name"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="sl-field">
              <label htmlFor={`${id}-password`}>{__('Password')}</label>
              <input
                id={`${id}-password`}
                className="sl-input"
                type="password"
                autoComplete="new-password"
                value={password}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-error`}
                onChange={(e) => setPassword(e.target.value)}
              />
            </div>
            <p id={`${id}-error`} className="sl-form__error" role="alert">
              {error}
            </p>
            <button type="submit" className="sl-button" disabled={busy}>
              {__('Save and go to the dashboard')}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
