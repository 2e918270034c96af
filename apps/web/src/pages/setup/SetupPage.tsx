import type { LoginResponse } from '@storelens/api';
import { __ } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DASHBOARD_HOME, useApi } from '../../session';
import { AccountField } from '../account-fields/AccountField';
import {
  emailProblem,
  fieldMessages,
  passwordProblem,
  requestMessage,
} from '../account-fields/rules';
import '../login/auth.css';

/** First run: create the administrator with the one-time link `npm start` printed. */
export function SetupPage({ token }: { token: string }) {
  const api = useApi();
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    document.title = `${__('Create the administrator')} ‹ Storelens`;
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems = Object.fromEntries(
      [
        ['email', emailProblem(email)],
        ['password', passwordProblem(password)],
      ].filter(([, problem]) => problem),
    );
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      await api((c) =>
        c.post<LoginResponse>('/storelens/v1/setup', { token, name, email, password }),
      );
      window.location.assign(DASHBOARD_HOME);
    } catch (e) {
      setBusy(false);
      setErrors({ ...fieldMessages(e), form: requestMessage(e, __('Saving failed. Try again.')) });
    }
  }

  return (
    <main className="sl-auth">
      <section className="sl-card sl-auth__card" aria-labelledby={`${id}-title`}>
        <p className="sl-auth__brand">Storelens</p>
        <h1 id={`${id}-title`}>{__('Create the administrator')}</h1>
        <p>{__('This account manages the store, its settings and the other users.')}</p>
        <form className="sl-form" onSubmit={submit} noValidate>
          <AccountField
            id={`${id}-name`}
            kind="name"
            label={__('Your name')}
            value={name}
            onChange={setName}
            error={errors.name ?? ''}
          />
          <AccountField
            id={`${id}-email`}
            kind="email"
            label={__('E-mail address')}
            value={email}
            onChange={setEmail}
            error={errors.email ?? ''}
          />
          <AccountField
            id={`${id}-password`}
            kind="new-password"
            label={__('Password')}
            value={password}
            onChange={setPassword}
            error={errors.password ?? ''}
            help={__('At least 8 characters.')}
          />
          <p className="sl-form__error" role="alert">
            {errors.form ?? ''}
          </p>
          <button type="submit" className="sl-button" disabled={busy}>
            {__('Create the administrator')}
          </button>
        </form>
      </section>
    </main>
  );
}
