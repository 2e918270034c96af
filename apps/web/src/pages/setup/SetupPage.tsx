import type { LoginResponse } from '@storelens/api';
import { isApiError } from '@storelens/data';
import { __ } from '@storelens/i18n';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { DASHBOARD_HOME, useApi } from '../../session';
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
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = __('Enter an e-mail address.');
    if (password.length < 8) missing.password = __('Use at least 8 characters.');
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      await api((c) =>
        c.post<LoginResponse>('/storelens/v1/setup', { token, name, email, password }),
      );
      window.location.assign(DASHBOARD_HOME);
    } catch (e) {
      setBusy(false);
      const params = isApiError(e) ? (e.params as Record<string, string>) : {};
      setErrors({
        ...params,
        form: isApiError(e) ? e.message : __('Saving failed. Try again.'),
      });
    }
  }

  const field = (
    key: 'name' | 'email' | 'password',
    label: string,
    value: string,
    set: (v: string) => void,
    type: string,
    autoComplete: string,
    help?: string,
  ) => (
    <div className="sl-field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input
        id={`${id}-${key}`}
        className="sl-input"
        type={type}
        autoComplete={autoComplete}
        value={value}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={`${id}-${key}-help`}
        onChange={(e) => set(e.target.value)}
      />
      <p id={`${id}-${key}-help`} className={errors[key] ? 'sl-form__error' : 'sl-field__help'}>
        {errors[key] ?? help ?? ''}
      </p>
    </div>
  );

  return (
    <main className="sl-auth">
      <section className="sl-card sl-auth__card" aria-labelledby={`${id}-title`}>
        <p className="sl-auth__brand">Storelens</p>
        <h1 id={`${id}-title`}>{__('Create the administrator')}</h1>
        <p>{__('This account manages the store, its settings and the other users.')}</p>
        <form className="sl-form" onSubmit={submit} noValidate>
          {field('name', __('Your name'), name, setName, 'text', 'name')}
          {field('email', __('E-mail address'), email, setEmail, 'email', 'username')}
          {field(
            'password',
            __('Password'),
            password,
            setPassword,
            'password',
            'new-password',
            __('At least 8 characters.'),
          )}
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
