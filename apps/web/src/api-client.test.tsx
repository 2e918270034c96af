import { ApiFetchError, ApiFetchProvider, Search } from '@storelens/components';
import { createApiClient } from '@storelens/data';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { clientApiFetch } from './api-client';

/** A fetch that records each request's URL and headers and answers `body` with `status`. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const impl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: { ...(init?.headers as Record<string, string>) } });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { impl: impl as unknown as typeof fetch, calls };
}

describe('the search widgets’ fetcher', () => {
  it('sends the session nonce and returns the JSON body', async () => {
    const fetch = fakeFetch(200, [{ id: 3, name: 'Cap' }]);
    const client = createApiClient({ nonce: () => 'nonce-1', fetch: fetch.impl });
    const body = await clientApiFetch(client)('/wc-analytics/products?search=cap&per_page=10');
    expect(body).toEqual([{ id: 3, name: 'Cap' }]);
    expect(fetch.calls[0]?.url).toBe('/wp-json/wc-analytics/products?search=cap&per_page=10');
    expect(fetch.calls[0]?.headers['X-WP-Nonce']).toBe('nonce-1');
  });

  it('turns a refused request into an ApiFetchError, and a 401 ends the session', async () => {
    const fetch = fakeFetch(401, { code: 'rest_not_logged_in', message: 'Sign in.' });
    const onUnauthorized = vi.fn();
    const client = createApiClient({ nonce: () => 'old', fetch: fetch.impl, onUnauthorized });
    const failure = await clientApiFetch(client)('/wc-analytics/customers?search=a').catch(
      (e: unknown) => e,
    );
    expect(failure).toBeInstanceOf(ApiFetchError);
    expect(failure).toMatchObject({ status: 401, code: 'rest_not_logged_in', message: 'Sign in.' });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a Search widget under the app’s provider searches with the nonce', async () => {
    const fetch = fakeFetch(200, [{ id: 5, name: 'Hoodie' }]);
    const client = createApiClient({ nonce: () => 'nonce-2', fetch: fetch.impl });
    render(
      <ApiFetchProvider apiFetch={clientApiFetch(client)}>
        <Search type="products" label="Products" multiple />
      </ApiFetchProvider>,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Products' }), 'hoo');
    await waitFor(() => expect(fetch.calls.length).toBeGreaterThan(0), { timeout: 3000 });
    expect(fetch.calls[0]?.url).toMatch(/^\/wp-json\/wc-analytics\/products\?.*search=hoo/);
    expect(fetch.calls[0]?.headers['X-WP-Nonce']).toBe('nonce-2');
    await screen.findByRole('option', { name: /Hoodie/ }, { timeout: 3000 });
  });
});
