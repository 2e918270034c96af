import type { ReactNode, Ref } from 'react';

/** What an account field holds; it decides the input's type and what browsers may fill in. */
export type AccountFieldKind = 'name' | 'email' | 'new-password' | 'current-password';

const INPUT: Record<AccountFieldKind, { type: string; autoComplete: string }> = {
  name: { type: 'text', autoComplete: 'name' },
  // 'username': password managers file the account under its e-mail address.
  email: { type: 'email', autoComplete: 'username' },
  'new-password': { type: 'password', autoComplete: 'new-password' },
  'current-password': { type: 'password', autoComplete: 'current-password' },
};

export interface AccountFieldProps {
  /** The input's id; its message under it gets `${id}-message`. */
  id: string;
  kind: AccountFieldKind;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /**
   * The field's own message, shown under it and announced (role alert); a non-empty one marks
   * the input invalid. Leave it out (and `help`) for a field that never has a message of its own.
   */
  error?: string;
  /** Shown under the field while there is no error (then the message is not announced). */
  help?: string;
  /** A message elsewhere in the form that speaks of this field too (one for several fields). */
  describedBy?: string;
  /** Marks the input invalid when the message elsewhere is about it. */
  invalid?: boolean;
  /** Overrides the kind's autocomplete (an invitation's address is someone else's). */
  autoComplete?: string;
  name?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * One labelled account input (name, e-mail address, password) with its message under it: the
 * error when there is one, otherwise the help. The message element is always there, so a screen
 * reader announces an error as it appears.
 */
export function AccountField({
  id,
  kind,
  label,
  value,
  onChange,
  error,
  help,
  describedBy,
  invalid,
  autoComplete,
  name,
  required,
  inputRef,
}: AccountFieldProps) {
  const hasMessage = error !== undefined || help !== undefined;
  const messageId = `${id}-message`;
  return (
    <div className="sl-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        className="sl-input"
        type={INPUT[kind].type}
        autoComplete={autoComplete ?? INPUT[kind].autoComplete}
        name={name}
        required={required}
        value={value}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={
          [hasMessage ? messageId : '', describedBy ?? ''].join(' ').trim() || undefined
        }
        onChange={(e) => onChange(e.target.value)}
      />
      {hasMessage && (
        <p
          id={messageId}
          className={error || !help ? 'sl-form__error' : 'sl-field__help'}
          role={help ? undefined : 'alert'}
        >
          {error || help || ''}
        </p>
      )}
    </div>
  );
}

/**
 * A secret shown once (a new application password, a one-time link): read-only, selected whole
 * on focus for copying; `children` go under it (a copy button).
 */
export function SecretField({
  id,
  label,
  value,
  children,
}: {
  id: string;
  label: string;
  value: string;
  children?: ReactNode;
}) {
  return (
    <div className="sl-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className="sl-input sl-secret"
        readOnly
        value={value}
        onFocus={(e) => e.target.select()}
      />
      {children}
    </div>
  );
}
