import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from './form';
import type { FormErrors } from './form-state';

type Values = { email: string; agree: boolean };

function validate(values: Values): FormErrors<Values> {
  const errors: FormErrors<Values> = {};
  if (!values.email.includes('@')) errors.email = 'Enter a valid e-mail address';
  if (!values.agree) errors.agree = 'Please accept the terms';
  return errors;
}

function Signup({ onSubmit }: { onSubmit: (values: Values) => void }) {
  return (
    <Form<Values>
      initialValues={{ email: '', agree: false }}
      validate={validate}
      onSubmit={onSubmit}
    >
      {({ getInputProps, renderError }) => (
        <>
          <div>
            <label htmlFor={getInputProps('email').id}>E-mail</label>
            <input type="email" {...getInputProps('email')} />
            {renderError('email')}
          </div>
          <div>
            <input type="checkbox" {...getInputProps('agree')} />
            <label htmlFor={getInputProps('agree').id}>I agree</label>
            {renderError('agree')}
          </div>
          <button type="submit">Sign up</button>
        </>
      )}
    </Form>
  );
}

describe('Form', () => {
  it('shows no errors before the user leaves a field', async () => {
    const user = userEvent.setup();
    render(<Signup onSubmit={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    expect(screen.queryByText('Enter a valid e-mail address')).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
  });

  it('shows the error of a touched field under it, linked by aria-describedby', async () => {
    const user = userEvent.setup();
    render(<Signup onSubmit={() => {}} />);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'nope');
    await user.tab();
    const email = screen.getByRole('textbox', { name: 'E-mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter a valid e-mail address');
    expect(screen.queryByText('Please accept the terms')).not.toBeInTheDocument();
  });

  it('touches every field on submit and does not call back with errors', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Signup onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'I agree' })).toHaveAccessibleDescription(
      'Please accept the terms',
    );
  });

  it('calls back with the values when there are no errors', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<Signup onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'E-mail' }), 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: 'I agree' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(onSubmit).toHaveBeenCalledWith({ email: 'ada@example.com', agree: true });
    expect(screen.getByRole('textbox', { name: 'E-mail' })).toHaveAttribute(
      'aria-invalid',
      'false',
    );
    expect(screen.queryByText('Please accept the terms')).not.toBeInTheDocument();
  });
});
