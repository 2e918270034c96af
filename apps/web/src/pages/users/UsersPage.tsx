import type { InviteResponse, UserLinkResponse, UserRole, WpUser } from '@storelens/api';
import { READS, useCurrentUser } from '@storelens/data';
import { __, sprintf } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useApi } from '../../session';
import { AccountField, SecretField } from '../account-fields/AccountField';
import { AccountTable, useAccountList } from '../account-fields/AccountTable';
import { accountTime, requestMessage as message, ROLE_LABELS } from '../account-fields/rules';
import '../login/auth.css';

const ROLES = Object.keys(ROLE_LABELS) as UserRole[];

/** A select of the roles, named by its `<label htmlFor={id}>` or by `label`. */
function RoleSelect({
  id,
  label,
  value,
  onChange,
}: {
  id?: string;
  label?: string;
  value: UserRole;
  onChange: (role: UserRole) => void;
}) {
  return (
    <select
      id={id}
      className="sl-select"
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.target.value as UserRole)}
    >
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {ROLE_LABELS[r]}
        </option>
      ))}
    </select>
  );
}

/** Administrators: invite users, change their role, remove them. */
export function UsersPage() {
  const { user: me, can, isRequesting } = useCurrentUser();
  const api = useApi();
  const id = useId();
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<UserRole>('shop_manager');
  const [inviteError, setInviteError] = useState('');
  const [link, setLink] = useState<{ email: string; url: string } | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const allowed = can('manage_options');

  const { items: users, reload: load } = useAccountList(READS.users, setError, allowed);
  useEffect(() => {
    document.title = `${__('Users')} ‹ Storelens`;
  }, []);

  if (!me) return <p role="status">{isRequesting ? __('Loading…') : ''}</p>;
  if (!allowed)
    return (
      <section className="sl-card sl-account" aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{__('Users')}</h1>
        <p role="alert">{__('Only administrators can manage users.')}</p>
      </section>
    );

  async function invite(event: FormEvent) {
    event.preventDefault();
    setInviteError('');
    setLink(null);
    try {
      const { data } = await api((c) =>
        c.post<InviteResponse>('/wp/v2/users', { email: email.trim(), role }),
      );
      setLink({ email: data.email, url: data.invite_url });
      setStatus(
        data.emailed
          ? sprintf(__('%s is invited; the link was e-mailed.'), data.email)
          : sprintf(__('%s is invited: copy the link below and send it to them.'), data.email),
      );
      setEmail('');
      await load();
    } catch (e) {
      setInviteError(message(e));
    }
  }

  async function changeRole(user: WpUser, next: UserRole) {
    setError('');
    try {
      await api((c) => c.put(`/wp/v2/users/${user.id}`, { role: next }));
      setStatus(sprintf(__('%1$s is now %2$s.'), user.name, ROLE_LABELS[next]));
    } catch (e) {
      setError(message(e));
    }
    await load();
  }

  async function remove(user: WpUser) {
    setError('');
    setConfirming(null);
    try {
      await api((c) => c.delete(`/wp/v2/users/${user.id}`));
      setStatus(sprintf(__('%s was removed.'), user.name));
    } catch (e) {
      setError(message(e));
    }
    await load();
  }

  async function newLink(user: WpUser) {
    try {
      const { data } = await api((c) => c.post<UserLinkResponse>(`/wp/v2/users/${user.id}/link`));
      setLink({ email: user.email, url: data.url });
      setStatus(sprintf(__('A new link for %s is below.'), user.email));
    } catch (e) {
      setError(message(e));
    }
  }

  return (
    <div className="sl-account">
      <h1>{__('Users')}</h1>
      <p role="status" className="sl-form__status">
        {status}
      </p>
      <section className="sl-card" aria-labelledby={`${id}-invite`}>
        <h2 id={`${id}-invite`}>{__('Invite a user')}</h2>
        <form className="sl-form sl-form--inline" onSubmit={invite} noValidate>
          <AccountField
            id={`${id}-email`}
            kind="email"
            label={__('E-mail address')}
            value={email}
            onChange={setEmail}
            // Someone else's address: the browser should not offer the administrator's own.
            autoComplete="off"
            // The inline form keeps its one message under the whole row.
            describedBy={`${id}-invite-error`}
            invalid={Boolean(inviteError)}
          />
          <div className="sl-field">
            <label htmlFor={`${id}-role`}>{__('Role')}</label>
            <RoleSelect id={`${id}-role`} value={role} onChange={setRole} />
          </div>
          <button type="submit" className="sl-button">
            {__('Invite')}
          </button>
        </form>
        <p id={`${id}-invite-error`} className="sl-form__error" role="alert">
          {inviteError}
        </p>
        {link && (
          <SecretField
            id={`${id}-link`}
            label={sprintf(__('One-time link for %s'), link.email)}
            value={link.url}
          >
            <div>
              <button
                type="button"
                className="sl-button sl-button--secondary"
                onClick={() => {
                  void navigator.clipboard?.writeText(link.url).then(
                    () => setStatus(__('The link is copied.')),
                    () => setStatus(__('Select the link and copy it.')),
                  );
                }}
              >
                {__('Copy the link')}
              </button>
            </div>
          </SecretField>
        )}
      </section>
      <section className="sl-card" aria-labelledby={`${id}-list`}>
        <h2 id={`${id}-list`}>{__('Accounts')}</h2>
        <p className="sl-form__error" role="alert">
          {error}
        </p>
        {!users ? (
          <p role="status">{__('Loading…')}</p>
        ) : (
          <AccountTable
            labelledBy={`${id}-list`}
            columns={[
              __('Name'),
              __('E-mail address'),
              __('Role'),
              __('Last login'),
              __('Actions'),
            ]}
          >
            {users.map((u) => (
              <tr key={u.id}>
                <td>
                  {u.name}
                  {u.status === 'pending' && ` (${__('invited')})`}
                </td>
                <td>{u.email}</td>
                <td>
                  <RoleSelect
                    label={sprintf(__('Role of %s'), u.name)}
                    value={u.roles[0] as UserRole}
                    onChange={(next) => void changeRole(u, next)}
                  />
                </td>
                <td>{accountTime(u.last_login)}</td>
                <td>
                  <button type="button" className="sl-link-button" onClick={() => void newLink(u)}>
                    {u.status === 'pending' ? __('New invitation link') : __('Password reset link')}
                  </button>{' '}
                  {u.id !== me.id &&
                    (confirming === u.id ? (
                      <>
                        <button
                          type="button"
                          className="sl-button sl-button--danger"
                          onClick={() => void remove(u)}
                        >
                          {sprintf(__('Remove %s'), u.name)}
                        </button>{' '}
                        <button
                          type="button"
                          className="sl-link-button"
                          onClick={() => setConfirming(null)}
                        >
                          {__('Cancel')}
                        </button>
                      </>
                    ) : (
                      <button
                        type="button"
                        className="sl-link-button"
                        aria-label={sprintf(__('Remove %s'), u.name)}
                        onClick={() => setConfirming(u.id)}
                      >
                        {__('Remove')}
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </AccountTable>
        )}
      </section>
    </div>
  );
}
