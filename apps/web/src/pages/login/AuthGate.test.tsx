import { createApiClient, DataProvider } from '@storelens/data';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentNonce, sessionExpired, startSession } from '../../session';
import { AuthGate } from './AuthGate';

const user = { id: 1, email: 'owner@shop.test', name: 'Owner', role: 'administrator' as const };

function renderGate(fetchImpl: typeof fetch) {
  const client = createApiClient({
    fetch: fetchImpl,
    nonce: currentNonce,
    onUnauthorized: sessionExpired,
  });
  return render(
    <DataProvider client={client}>
      <AuthGate setupRequired={false}>
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
});
