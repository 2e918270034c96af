import type { LoginResponse } from '@storelens/api';
import { accountLinkRead, useRead } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DASHBOARD_HOME, useApi } from '../../session';
import { AccountField } from '../account-fields/AccountField';
import { passwordProblem, requestMessage } from '../account-fields/rules';
import '../login/auth.css';

/** An invitation or password-reset link: choose a name and a password, then go in. */
export function AcceptInvitationPage({ token }: { token: string }) {
  const api = useApi();
  const id = useId();
  const read = useRead(accountLinkRead(token));
  const link = read.hasData ? (read.data ?? null) : null;
  const invalid = read.error
    ? requestMessage(read.error, __('This link could not be checked.'))
    : '';
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${__('Choose your password')} ‹ Storelens`;
  }, []);
  // The name field starts from the account's name (none when it is only the e-mail address).
  useEffect(() => {
    if (link) setName(link.name === link.email ? '' : link.name);
  }, [link]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = passwordProblem(password);
    if (problem) {
      setError(problem);
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
      setError(requestMessage(e, __('Saving failed. Try again.')));
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
            {link.kind === 'reset' && (
              <p>
                {__(
                  'Saving a new password signs out every session and revokes your application passwords: add new ones in your Profile afterwards.',
                )}
              </p>
            )}
            <AccountField
              id={`${id}-name`}
              kind="name"
              label={__('Your name')}
              value={name}
              onChange={setName}
            />
            <AccountField
              id={`${id}-password`}
              kind="new-password"
              label={__('Password')}
              value={password}
              onChange={setPassword}
              error={error}
            />
            <button type="submit" className="sl-button" disabled={busy}>
              {__('Save and go to the dashboard')}
            </button>
          </form>
        )}
      </section>
    </main>
  );
}
