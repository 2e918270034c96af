import { createApiClient, DataProvider } from '@storelens/data';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNonce, sessionExpired, startSession } from '../../session';
import { AuthGate } from './AuthGate';

const user = { id: 1, email: 'owner@shop.test', name: 'Owner', role: 'administrator' as const };

function renderGate(fetchImpl: typeof fetch, passwordReset: 'email' | 'command' = 'command') {
  const client = createApiClient({
    fetch: fetchImpl,
    nonce: currentNonce,
    onUnauthorized: sessionExpired,
  });
  return render(
    <DataProvider client={client}>
      <AuthGate setupRequired={false} passwordReset={passwordReset}>
        <p>the dashboard</p>
      </AuthGate>
    </DataProvider>,
  );
}

afterEach(() => act(() => startSession(undefined)));

describe('AuthGate and the login page', () => {
  it('shows the login page when signed out; empty fields are explained under the form', async () => {
    act(() => startSession(undefined));
    const fetchImpl = vi.fn<typeof fetch>();
    renderGate(fetchImpl);
    expect(await screen.findByRole('heading', { name: 'Log in', level: 1 })).toBeTruthy();
    expect(screen.queryByText('the dashboard')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter your e-mail address and password.');
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("shows the server's message for a wrong password, and marks the fields invalid", async () => {
    act(() => startSession(undefined));
    const fetchImpl = vi.fn<typeof fetch>(async () =>
      Response.json(
        {
          code: 'storelens_invalid_login',
          message: 'The e-mail address or password is incorrect.',
          data: { status: 401 },
        },
        { status: 401 },
      ),
    );
    renderGate(fetchImpl);
    await userEvent.type(await screen.findByLabelText('E-mail address'), 'owner@shop.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong{Enter}');
    expect(await screen.findByText('The e-mail address or password is incorrect.')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(String(url)).toBe('/wp-json/storelens/v1/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@shop.test', password: 'wrong' });
  });

  it('shows the app when signed in, and the login page again (saying why) once a request gets 401', async () => {
    act(() => startSession({ user, nonce: 'n1' }));
    renderGate(vi.fn<typeof fetch>());
    expect(screen.getByText('the dashboard')).toBeTruthy();
    expect(currentNonce()).toBe('n1');
    act(() => sessionExpired());
    expect(
      await screen.findByText('Your session has expired. Log in again to continue.'),
    ).toBeTruthy();
    expect(screen.queryByText('the dashboard')).toBeNull();
  });

  describe('"Forgot password?"', () => {
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('opens from the login page by keyboard, sends the address, and says what happens next', async () => {
      act(() => startSession(undefined));
      const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ requested: true }));
      renderGate(fetchImpl, 'email');
      const link = await screen.findByRole('link', { name: 'Forgot password?' });
      link.focus();
      await userEvent.keyboard('{Enter}');
      expect(
        await screen.findByRole('heading', { name: 'Forgot password', level: 1 }),
      ).toBeTruthy();
      await userEvent.type(screen.getByLabelText('E-mail address'), 'owner@shop.test{Enter}');
      expect((await screen.findByRole('status')).textContent).toMatch(
        /If an account uses that address, a link to choose a new password is on its way/,
      );
      const [url, init] = fetchImpl.mock.calls[0]!;
      expect(String(url)).toBe('/wp-json/storelens/v1/password-reset');
      expect(JSON.parse(String(init?.body))).toEqual({ email: 'owner@shop.test' });
    });

    it("shows the server's message under the field", async () => {
      act(() => startSession(undefined));
      window.history.replaceState(null, '', '?page=wc-admin&path=%2Fforgot-password');
      const fetchImpl = vi.fn<typeof fetch>(async () =>
        Response.json(
          {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): email',
            data: { status: 400, params: { email: 'email must be an e-mail address.' } },
          },
          { status: 400 },
        ),
      );
      renderGate(fetchImpl, 'email');
      await userEvent.type(await screen.findByLabelText('E-mail address'), 'owner{Enter}');
      expect(await screen.findByText('email must be an e-mail address.')).toBeTruthy();
      expect(screen.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');
    });

    it('says who can give a link when the server cannot e-mail one, and sends nothing', async () => {
      act(() => startSession(undefined));
      window.history.replaceState(null, '', '?page=wc-admin&path=%2Fforgot-password');
      const fetchImpl = vi.fn<typeof fetch>();
      renderGate(fetchImpl, 'command');
      expect(
        await screen.findByText('This server cannot e-mail password reset links.'),
      ).toBeTruthy();
      expect(screen.getByText('npm run user -- reset-password you@example.com')).toBeTruthy();
      expect(screen.queryByLabelText('E-mail address')).toBeNull();
      expect(fetchImpl).not.toHaveBeenCalled();
    });
  });
});
