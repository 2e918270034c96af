import type { AlertView, DeliveryView, DigestView } from '@storelens/api';
import { createApiClient, DataProvider } from '@storelens/data';
import { setStoreTimezone } from '@storelens/date';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NoticesProvider } from '../../shell/notices';
import NotificationsPage from './NotificationsPage';

/** What the fake server was asked to write, in order. */
interface Sent {
  method: string;
  path: string;
  body: unknown;
}

const json = (body: unknown, status = 200) => Response.json(body, { status });

/** An in-memory stand-in of the notifier's routes (and `users/me`), answering as the API does. */
function fakeApi(role: 'administrator' | 'analyst' = 'administrator') {
  const digests: DigestView[] = [];
  const alerts: AlertView[] = [];
  const deliveries: DeliveryView[] = [];
  const sent: Sent[] = [];
  let nextId = 1;
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    const path = url.pathname.replace(/^\/wp-json/, '');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    if (method !== 'GET') sent.push({ method, path, body });
    if (path === '/wp/v2/users/me')
      return json({
        id: 1,
        name: 'Owner',
        capabilities:
          role === 'administrator'
            ? { read: true, view_woocommerce_reports: true, manage_options: true }
            : { read: true, view_woocommerce_reports: true },
        woocommerce_meta: {},
      });
    if (path === '/storelens/v1/digests' && method === 'GET') return json(digests);
    if (path === '/storelens/v1/digests' && method === 'POST') {
      const slack = body.channels.find((c: { type: string }) => c.type === 'slack');
      if (slack && !String(slack.url).startsWith('https://')) {
        const at = `channels[${body.channels.indexOf(slack)}].url`;
        return json(
          {
            code: 'rest_invalid_param',
            message: `Invalid parameter(s): ${at}`,
            data: { status: 400, params: { [at]: `${at} must be an http or https URL.` } },
          },
          400,
        );
      }
      const digest: DigestView = {
        id: nextId++,
        user_id: 1,
        store_wide: body.store_wide ?? false,
        frequency: body.frequency,
        hour: body.hour,
        enabled: body.enabled ?? true,
        channels: body.channels.map((c: { type: 'email' | 'slack' }) =>
          c.type === 'email' ? { type: 'email' } : { type: c.type, url: 'https://hooks…/x' },
        ),
        date_created_gmt: '2026-03-01T10:00:00',
        last_delivery: null,
      };
      digests.push(digest);
      return json(digest, 201);
    }
    const send = /^\/storelens\/v1\/digests\/(\d+)\/send$/.exec(path);
    if (send) {
      deliveries.unshift({
        id: 90,
        source: 'digest',
        source_id: Number(send[1]),
        period: '2026-02-28',
        channel: 'email',
        status: 'failed',
        attempts: 1,
        error: 'SMTP_URL is not set: no e-mail can be sent.',
        date_created_gmt: '2026-03-01T13:30:00',
        date_sent_gmt: null,
      });
      return json({
        id: Number(send[1]),
        period: '2026-02-28',
        deliveries: [
          {
            channel: 'email',
            status: 'failed',
            error: 'SMTP_URL is not set: no e-mail can be sent.',
          },
        ],
      });
    }
    const one = /^\/storelens\/v1\/(digests|alerts)\/(\d+)$/.exec(path);
    if (one && method === 'DELETE') {
      const list = one[1] === 'digests' ? digests : alerts;
      const index = list.findIndex((r) => r.id === Number(one[2]));
      list.splice(index, 1);
      return json({ deleted: true, id: Number(one[2]) });
    }
    if (path === '/storelens/v1/alerts' && method === 'GET') return json(alerts);
    if (path === '/storelens/v1/alerts' && method === 'POST') {
      const alert: AlertView = {
        id: nextId++,
        user_id: 1,
        store_wide: false,
        metric: body.metric ?? 'orders/orders_count',
        condition: body.condition,
        threshold: body.threshold ?? null,
        window: body.window ?? 'day',
        hours: body.hours ?? null,
        open_hours: body.open_hours ?? null,
        direction: body.direction ?? 'both',
        enabled: true,
        channels: [],
        state: 'normal',
        starter: null,
        date_created_gmt: '2026-03-01T10:00:00',
      };
      alerts.push(alert);
      return json(alert, 201);
    }
    if (path === '/storelens/v1/alerts/events') return json([]);
    if (path === '/storelens/v1/notifications/deliveries') return json(deliveries);
    return json({ code: 'rest_no_route', message: 'No route.', data: { status: 404 } }, 404);
  });
  return { fetchImpl, sent, digests };
}

function renderPage(api: ReturnType<typeof fakeApi>) {
  render(
    <DataProvider client={createApiClient({ fetch: api.fetchImpl })}>
      <NoticesProvider>
        <NotificationsPage />
      </NoticesProvider>
    </DataProvider>,
  );
}

beforeEach(() => setStoreTimezone('America/New_York'));
afterEach(() => setStoreTimezone('UTC'));

describe('Settings › Notifications', () => {
  it('creates a daily digest by e-mail; focus goes to it and the creation is announced', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage(api);
    expect(await screen.findByText('You have no digest yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a digest' }));
    const form = screen.getByRole('form', { name: 'New digest' });
    expect(within(form).getByLabelText('Frequency')).toHaveFocus();
    await user.selectOptions(within(form).getByLabelText('Send at'), '07:00');
    expect(within(form).getByLabelText('E-mail (your address)')).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    const title = await screen.findByRole('heading', { name: 'Daily digest at 07:00', level: 3 });
    await waitFor(() => expect(title).toHaveFocus());
    expect(api.sent).toEqual([
      {
        method: 'POST',
        path: '/storelens/v1/digests',
        body: {
          frequency: 'daily',
          hour: 7,
          channels: [{ type: 'email' }],
          enabled: true,
          store_wide: false,
        },
      },
    ]);
    expect(await screen.findByText('Digest created: Daily digest at 07:00.')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a channel under its field, and focuses that field', async () => {
    const api = fakeApi('analyst');
    const user = userEvent.setup();
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Add a digest' }));
    const form = screen.getByRole('form', { name: 'New digest' });
    // An analyst may not make store-wide digests: the choice is not offered.
    expect(within(form).queryByLabelText(/Store-wide/)).toBeNull();
    await user.click(within(form).getByLabelText('E-mail (your address)'));
    await user.click(within(form).getByLabelText('Slack'));
    const url = within(form).getByLabelText('Slack incoming-webhook URL');
    await user.type(url, 'ftp://hooks.example/x');
    await user.click(within(form).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    const message = 'channels[0].url must be an http or https URL.';
    expect(url).toHaveAccessibleDescription(expect.stringContaining(message));
    await waitFor(() => expect(url).toHaveFocus());
    expect(api.digests).toHaveLength(0);
    // Typing a new address clears the server's message.
    await user.clear(url);
    await user.type(url, 'https://hooks.slack.com/services/T/B/x');
    expect(url).toHaveAttribute('aria-invalid', 'false');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByRole('heading', { name: 'Daily digest at 08:00', level: 3 }),
    ).toBeInTheDocument();
    expect(api.sent.at(-1)?.body).toMatchObject({
      channels: [{ type: 'slack', url: 'https://hooks.slack.com/services/T/B/x' }],
    });
    expect(api.sent.at(-1)?.body).not.toHaveProperty('store_wide');
  });

  it('checks a webhook’s signing key before sending', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Add a digest' }));
    const form = screen.getByRole('form', { name: 'New digest' });
    await user.click(within(form).getByLabelText('Webhook (signed JSON POST)'));
    await user.type(within(form).getByLabelText('Webhook URL'), 'https://example.com/hook');
    await user.type(within(form).getByLabelText('Signing key'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      within(form).getByText('Use a signing key of at least 16 characters.'),
    ).toBeInTheDocument();
    expect(api.sent).toEqual([]);
  });

  it('"Send a test now" shows each channel’s outcome, and the failure appears in the history', async () => {
    const api = fakeApi();
    api.digests.push({
      id: 5,
      user_id: 1,
      store_wide: true,
      frequency: 'weekly',
      hour: 9,
      enabled: true,
      channels: [{ type: 'email' }],
      date_created_gmt: '2026-03-01T10:00:00',
      last_delivery: null,
    });
    const user = userEvent.setup();
    renderPage(api);
    const title = await screen.findByRole('heading', { name: /Weekly digest at 09:00/ });
    expect(within(title).getByText('Store-wide')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send a test now' }));
    const item = title.closest('li') as HTMLElement;
    await waitFor(() =>
      expect(within(item).getByRole('status')).toHaveTextContent(
        'Test for 2026-02-28: E-mail failed: SMTP_URL is not set: no e-mail can be sent.',
      ),
    );
    const history = await screen.findByRole('table', { name: 'Delivery history' });
    const row = await within(history).findByRole('row', { name: /Failed/ });
    // 13:30 GMT is 8:30 in New York (the store's zone), whatever the browser's.
    expect(row).toHaveTextContent('Mar 1, 2026 8:30 AM');
    expect(row).toHaveTextContent('SMTP_URL is not set');
  });

  it('creates an alert rule with the fields its condition takes', async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    renderPage(api);
    await user.click(await screen.findByRole('button', { name: 'Add an alert rule' }));
    const form = screen.getByRole('form', { name: 'New alert rule' });
    await user.selectOptions(within(form).getByLabelText('Alert me when'), 'Goes above a value');
    expect(within(form).queryByLabelText('Hours without an order')).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Metric'), 'Net sales');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(within(form).getByText('Enter a value.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Value'), '1500');
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByRole('heading', { name: 'Net sales above 1500 per day', level: 3 }),
    ).toBeInTheDocument();
    expect(api.sent.at(-1)?.body).toEqual({
      condition: 'above',
      metric: 'revenue/net_revenue',
      window: 'day',
      threshold: 1500,
      channels: [{ type: 'email' }],
      enabled: true,
      store_wide: false,
    });
  });

  it('deletes a digest after confirming; focus goes back to the list', async () => {
    const api = fakeApi();
    api.digests.push({
      id: 3,
      user_id: 1,
      store_wide: false,
      frequency: 'monthly',
      hour: 6,
      enabled: false,
      channels: [{ type: 'email' }],
      date_created_gmt: '2026-03-01T10:00:00',
      last_delivery: null,
    });
    const user = userEvent.setup();
    renderPage(api);
    await screen.findByRole('heading', { name: /Monthly digest at 06:00/ });
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('button', { name: 'Delete digest' });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('You have no digest yet.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Digests', level: 2 })).toHaveFocus();
    expect(api.sent).toEqual([
      { method: 'DELETE', path: '/storelens/v1/digests/3', body: undefined },
    ]);
    expect(await screen.findByText('Digest deleted.')).toBeInTheDocument();
  });
});
