import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../../client/client.ts';
import { DataProvider } from '../../react/provider.tsx';
import { createStorelensStore } from '../../store.ts';
import { startTestServer, type TestServer } from '../../test/server.ts';
import { usePlugins } from '../plugins/hooks.ts';
import { useOnboarding } from './hooks.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer((app) => {
    app.get('/wc-admin/onboarding/profile', async () => ({ theme: 'storefront' }));
    app.get('/wc-admin/onboarding/tasks/status', async () => ({ hasProducts: true }));
    app.get('/wc-admin/plugins/active', async () => ({ plugins: [] }));
    app.get('/wc-admin/plugins/installed', async () => ({ plugins: [] }));
    app.get('/wc-admin/onboarding/payments', async () => [
      { key: 'stripe', title: 'Stripe', content: '', image: '', plugins: ['stripe'] },
    ]);
  });
});
afterAll(() => server.close());

/** The Home "Set up payments" task's loading: one effect on the operation it calls. */
function Payments() {
  const { fetchPaymentMethods, refreshTasksStatus } = useOnboarding();
  usePlugins();
  const [methods, setMethods] = useState<readonly { title: string }[] | null>(null);
  useEffect(() => {
    fetchPaymentMethods()
      .then(setMethods)
      .catch(() => setMethods([]));
  }, [fetchPaymentMethods]);
  return (
    <>
      <p>{methods ? methods.map((m) => m.title).join(', ') : 'Loading'}</p>
      <button type="button" onClick={() => void refreshTasksStatus()}>
        Refresh
      </button>
    </>
  );
}

describe('an effect on an onboarding operation', () => {
  it('sends one payments request however often the onboarding state changes', async () => {
    const sent: string[] = [];
    const spy: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const store = createStorelensStore({
      client: createApiClient({ baseUrl: server.baseUrl, fetch: spy }),
    });
    render(
      <DataProvider store={store}>
        <Payments />
      </DataProvider>,
    );
    await waitFor(() => expect(screen.getByText('Stripe').textContent).toBe('Stripe'));
    // Three more changes of the onboarding state, each answered before the next.
    for (let round = 1; round <= 3; round++) {
      await act(async () => {
        screen.getByRole('button', { name: 'Refresh' }).click();
      });
      await waitFor(() =>
        expect(sent.filter((url) => url.includes('/onboarding/tasks/status'))).toHaveLength(
          round + 1,
        ),
      );
      await waitFor(() =>
        expect(store.getState().onboarding.requesting.getTasksStatus).toBe(false),
      );
    }
    expect(sent.filter((url) => url.includes('/onboarding/payments'))).toHaveLength(1);
  });
});
