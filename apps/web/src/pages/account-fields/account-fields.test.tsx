import { apiError } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AccountField, SecretField } from './AccountField';
import { accountTime, emailProblem, fieldMessages, passwordProblem, requestMessage } from './rules';

describe('account field rules', () => {
  it('asks for at least 8 characters in a new password', () => {
    expect(passwordProblem('')).toBe('Use at least 8 characters.');
    expect(passwordProblem('1234567')).toBe('Use at least 8 characters.');
    expect(passwordProblem('12345678')).toBe('');
  });

  it('asks for an e-mail address when only blanks were typed', () => {
    expect(emailProblem('  ')).toBe('Enter an e-mail address.');
    expect(emailProblem('a@b.test')).toBe('');
  });

  it("shows the server's messages, and the fallback for other failures", () => {
    const refused = apiError('rest_invalid_param', 'Wrong password.', 400, {
      current_password: 'It is not your current password.',
    });
    expect(requestMessage(refused, 'Saving failed.')).toBe('Wrong password.');
    expect(requestMessage(new TypeError('offline'), 'Saving failed.')).toBe('Saving failed.');
    expect(fieldMessages(refused)).toEqual({
      current_password: 'It is not your current password.',
    });
    expect(fieldMessages(new TypeError('offline'))).toEqual({});
  });

  it('shows a stored date-time with a space, and "Never" for none', () => {
    expect(accountTime('2026-11-24T13:07:00')).toBe('2026-11-24 13:07:00');
    expect(accountTime(null)).toBe('Never');
  });
});

function PasswordForm({ help }: { help?: string }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(passwordProblem(value));
      }}
    >
      <AccountField
        id="pw"
        kind="new-password"
        label="Password"
        value={value}
        onChange={setValue}
        error={error}
        help={help}
      />
      <button type="submit">Save</button>
    </form>
  );
}

describe('AccountField', () => {
  it('labels the input, and shows and announces the error under it', async () => {
    render(<PasswordForm />);
    const input = screen.getByLabelText('Password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('new-password');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(input, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Use at least 8 characters.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    // Under the field: the message is in the field's own box, after the input.
    expect(input.parentElement?.contains(alert)).toBe(true);
    await userEvent.type(input, ' enough');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(alert.textContent).toBe('');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the help until there is an error', async () => {
    render(<PasswordForm help="At least 8 characters." />);
    const input = screen.getByLabelText('Password');
    expect(screen.getByText('At least 8 characters.').id).toBe(
      input.getAttribute('aria-describedby'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
    expect(screen.getByText('Use at least 8 characters.').className).toBe('sl-form__error');
  });

  it('has no message of its own when none is given, and can point at one elsewhere', () => {
    render(
      <>
        <AccountField id="n" kind="name" label="Your name" value="" onChange={() => {}} />
        <AccountField
          id="e"
          kind="email"
          label="E-mail address"
          value=""
          onChange={() => {}}
          describedBy="form-error"
          invalid
        />
        <p id="form-error">Enter your e-mail address and password.</p>
      </>,
    );
    const name = screen.getByLabelText('Your name');
    expect(name.getAttribute('autocomplete')).toBe('name');
    expect(name.getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    const email = screen.getByLabelText('E-mail address');
    expect(email.getAttribute('type')).toBe('email');
    expect(email.getAttribute('aria-describedby')).toBe('form-error');
    expect(email.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('SecretField', () => {
  it('is a labelled read-only input, selected whole on focus', async () => {
    render(<SecretField id="s" label="One-time link" value="https://shop.test/x" />);
    const input = screen.getByLabelText('One-time link') as HTMLInputElement;
    expect(input.readOnly).toBe(true);
    await userEvent.click(input);
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, input.value.length]);
  });
});
