import type {
  ApplicationPasswordItem,
  NewApplicationPassword,
  UserRole,
  WpUser,
} from '@storelens/api';
import { READS, useCurrentUser } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApi } from '../../session';
import { AccountField, SecretField } from '../account-fields/AccountField';
import { AccountTable, useAccountList } from '../account-fields/AccountTable';
import {
  accountTime,
  fieldMessages,
  requestMessage as message,
  passwordProblem,
  ROLE_LABELS,
} from '../account-fields/rules';
import '../login/auth.css';

/** One's own account: name, password, and application passwords for scripts. */
export function ProfilePage() {
  const { user, refresh } = useCurrentUser();
  const api = useApi();
  const id = useId();
  const [name, setName] = useState('');
  const [nameStatus, setNameStatus] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordStatus, setPasswordStatus] = useState('');
  const [passwordError, setPasswordError] = useState('');
  const [keyName, setKeyName] = useState('');
  const [created, setCreated] = useState<NewApplicationPassword | null>(null);
  const [keyStatus, setKeyStatus] = useState('');

  useEffect(() => {
    document.title = `${__('Profile')} ‹ Storelens`;
  }, []);
  useEffect(() => {
    if (user) setName(user.name);
  }, [user]);

  const { items: keys, reload: loadKeys } = useAccountList(
    READS.applicationPasswords,
    setKeyStatus,
  );

  if (!user) return <p role="status">{__('Loading…')}</p>;

  async function saveName(event: FormEvent) {
    event.preventDefault();
    try {
      await api((c) => c.post<WpUser>('/wp/v2/users/me', { name }));
      await refresh();
      setNameStatus(__('Your name is saved.'));
    } catch (e) {
      setNameStatus(message(e));
    }
  }

  async function savePassword(event: FormEvent) {
    event.preventDefault();
    setPasswordError('');
    setPasswordStatus('');
    const problem = passwordProblem(next);
    if (problem) {
      setPasswordError(problem);
      return;
    }
    try {
      await api((c) => c.post('/wp/v2/users/me', { password: next, current_password: current }));
      // Every session ended with the change; this browser got a new one: reload with it.
      window.location.reload();
    } catch (e) {
      const params = fieldMessages(e);
      setPasswordError(params.current_password ?? params.password ?? message(e));
    }
  }

  async function createKey(event: FormEvent) {
    event.preventDefault();
    if (!keyName.trim()) {
      setKeyStatus(__('Name the application password (what will use it).'));
      return;
    }
    try {
      const { data } = await api((c) =>
        c.post<NewApplicationPassword>('/wp/v2/users/me/application-passwords', {
          name: keyName.trim(),
        }),
      );
      setCreated(data);
      setKeyName('');
      setKeyStatus(sprintf(__('Application password "%s" created.'), data.name));
      await loadKeys();
    } catch (e) {
      setKeyStatus(message(e));
    }
  }

  async function revoke(key: ApplicationPasswordItem) {
    try {
      await api((c) => c.delete(`/wp/v2/users/me/application-passwords/${key.uuid}`));
      setKeyStatus(sprintf(__('Application password "%s" revoked.'), key.name));
      if (created?.uuid === key.uuid) setCreated(null);
      await loadKeys();
    } catch (e) {
      setKeyStatus(message(e));
    }
  }

  return (
    <div className="sl-account">
      <h1>{__('Profile')}</h1>
      <p>
        {sprintf(__('Signed in as %s'), user.email)} ·{' '}
        {ROLE_LABELS[user.roles[0] as UserRole] ?? ROLE_LABELS.analyst}
      </p>
      <section className="sl-card" aria-labelledby={`${id}-name-title`}>
        <h2 id={`${id}-name-title`}>{__('Name')}</h2>
        <form className="sl-form sl-form--inline" onSubmit={saveName}>
          <AccountField
            id={`${id}-name`}
            kind="name"
            label={__('Display name')}
            value={name}
            onChange={setName}
          />
          <button type="submit" className="sl-button">
            {__('Save name')}
          </button>
        </form>
        <p role="status" className="sl-form__status">
          {nameStatus}
        </p>
      </section>
      <section className="sl-card" aria-labelledby={`${id}-password-title`}>
        <h2 id={`${id}-password-title`}>{__('Password')}</h2>
        <form className="sl-form" onSubmit={savePassword} noValidate>
          <input type="hidden" autoComplete="username" value={user.email} readOnly />
          <AccountField
            id={`${id}-current`}
            kind="current-password"
            label={__('Current password')}
            value={current}
            onChange={setCurrent}
          />
          <AccountField
            id={`${id}-new`}
            kind="new-password"
            label={__('New password')}
            value={next}
            onChange={setNext}
            error={passwordError}
          />
          <p role="status" className="sl-form__status">
            {passwordStatus}
          </p>
          <div>
            <button type="submit" className="sl-button">
              {__('Change password')}
            </button>
          </div>
        </form>
      </section>
      <section className="sl-card" aria-labelledby={`${id}-keys-title`}>
        <h2 id={`${id}-keys-title`}>{__('Application passwords')}</h2>
        <p>
          {__(
            'For scripts and REST clients: use HTTP Basic authentication with your e-mail address and the application password.',
          )}
        </p>
        <p>
          {__(
            'Changing your password here keeps them working; a password reset link revokes them all.',
          )}
        </p>
        {keys?.some((k) => k.needs_replacement) && (
          <p className="sl-form__status">
            {__(
              'Application passwords marked "Replace" were made by an earlier version and are no longer accepted: add a new one for each and revoke the old one.',
            )}
          </p>
        )}
        <form className="sl-form sl-form--inline" onSubmit={createKey} noValidate>
          <div className="sl-field">
            <label htmlFor={`${id}-key-name`}>{__('New application password name')}</label>
            <input
              id={`${id}-key-name`}
              className="sl-input"
              value={keyName}
              onChange={(e) => setKeyName(e.target.value)}
            />
          </div>
          <button type="submit" className="sl-button">
            {__('Add application password')}
          </button>
        </form>
        <p role="status" className="sl-form__status">
          {keyStatus}
        </p>
        {created && (
          <SecretField
            id={`${id}-secret`}
            label={__('Your new password (it will not be shown again):')}
            value={created.password}
          />
        )}
        {keys && keys.length > 0 && (
          <AccountTable
            labelledBy={`${id}-keys-title`}
            columns={[__('Name'), __('Created'), __('Last used'), __('Actions')]}
          >
            {keys.map((k) => (
              <tr key={k.uuid}>
                <td>
                  {k.name}
                  {k.needs_replacement && (
                    <>
                      {' '}
                      <strong>{__('Replace')}</strong>
                    </>
                  )}
                </td>
                <td>{accountTime(k.created)}</td>
                <td>{accountTime(k.last_used)}</td>
                <td>
                  <button
                    type="button"
                    className="sl-link-button"
                    aria-label={sprintf(__('Revoke %s'), k.name)}
                    onClick={() => void revoke(k)}
                  >
                    {__('Revoke')}
                  </button>
                </td>
              </tr>
            ))}
          </AccountTable>
        )}
      </section>
    </div>
  );
}
