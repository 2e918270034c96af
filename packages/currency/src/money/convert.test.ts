import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { convert, readRate } from './convert';
import { create } from './core';
import { MoneyError } from './errors';

const NO_RATE = 'No rate was found for the destination currency';

interface Seen {
  url: string;
  method: string;
  headers: IncomingHttpHeaders;
}

let server: Server;
let base: string;
const seen: Seen[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', method: request.method ?? '', headers: request.headers });
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname === '/fail') {
      response.writeHead(503).end();
      return;
    }
    if (url.pathname === '/broken') {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end('{not json');
      return;
    }
    const from = url.searchParams.get('base');
    const body =
      url.pathname === '/nested'
        ? { data: { [`${from}_EUR`]: '0.5' } }
        : { base: from, rates: { EUR: 0.9215, GBP: 0.79, JPY: 151.37, BAD: -1 } };
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve, reject) =>
    server.close((error) => (error ? reject(error) : resolve())),
  );
});

beforeEach(() => {
  seen.length = 0;
});

describe('convert with a URL endpoint (real local server)', () => {
  it('GETs the endpoint with {{from}} filled in and converts, rounding HALF_EVEN', async () => {
    const result = await convert(create({ amount: 1000 }), 'EUR', {
      endpoint: `${base}/latest?base={{from}}`,
      headers: { 'X-Api-Key': 'secret' },
    });
    expect(result).toEqual(create({ amount: 922, currency: 'EUR' })); // 921.5 → 922 (even)
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ url: '/latest?base=USD', method: 'GET' });
    expect(seen[0]?.headers['x-api-key']).toBe('secret');
    expect(seen[0]?.headers.accept).toBe('application/json');
  });

  it('rounds a tie to even and honours another rounding or precision', async () => {
    const endpoint = `${base}/latest?base={{from}}`;
    // 50 cents × 0.79 = 39.5 → 40 (even); 150 × 0.79 = 118.5 → 118 (even).
    expect((await convert(create({ amount: 50 }), 'GBP', { endpoint })).amount).toBe(40);
    expect((await convert(create({ amount: 150 }), 'GBP', { endpoint })).amount).toBe(118);
    expect(
      (await convert(create({ amount: 150 }), 'GBP', { endpoint, rounding: 'HALF_AWAY_FROM_ZERO' }))
        .amount,
    ).toBe(119);
    expect(await convert(create({ amount: 1000 }), 'JPY', { endpoint, precision: 0 })).toEqual(
      create({ amount: 1514, currency: 'JPY', precision: 0 }),
    );
  });

  it('reads the rate at a custom property path (numeric text accepted)', async () => {
    const result = await convert(create({ amount: 1000 }), 'EUR', {
      endpoint: `${base}/nested?base={{from}}`,
      propertyPath: 'data.{{from}}_{{to}}',
    });
    expect(result.amount).toBe(500);
  });

  it(`rejects with '${NO_RATE}' when the currency is missing or its rate unusable`, async () => {
    const endpoint = `${base}/latest?base={{from}}`;
    await expect(convert(create({ amount: 1 }), 'CHF', { endpoint })).rejects.toThrow(NO_RATE);
    await expect(convert(create({ amount: 1 }), 'BAD', { endpoint })).rejects.toThrow(NO_RATE);
    await expect(
      convert(create({ amount: 1 }), 'EUR', { endpoint: `${base}/broken` }),
    ).rejects.toThrow(NO_RATE);
  });

  it('rejects with a request error when the endpoint fails or cannot be reached', async () => {
    const failing = convert(create({ amount: 1 }), 'EUR', { endpoint: `${base}/fail` });
    await expect(failing).rejects.toBeInstanceOf(MoneyError);
    await expect(failing).rejects.toMatchObject({ code: 'rateRequest', cause: 503 });
    const unreachable = convert(create({ amount: 1 }), 'EUR', { endpoint: 'http://127.0.0.1:1/x' });
    await expect(unreachable).rejects.toMatchObject({ code: 'rateRequest' });
  });
});

describe('convert with a lookup function', () => {
  it('accepts the rate itself or a payload', async () => {
    const lookup = vi.fn(({ to }: { from: string; to: string }) => (to === 'EUR' ? 2 : undefined));
    expect(await convert(create({ amount: 250 }), 'EUR', { endpoint: lookup })).toEqual(
      create({ amount: 500, currency: 'EUR' }),
    );
    expect(lookup).toHaveBeenCalledWith({ from: 'USD', to: 'EUR' });
    await expect(convert(create({ amount: 1 }), 'GBP', { endpoint: lookup })).rejects.toThrow(
      NO_RATE,
    );
    const payload = async () => ({ rates: { EUR: 0.5 } });
    expect((await convert(create({ amount: 3 }), 'EUR', { endpoint: payload })).amount).toBe(2);
  });

  it('converts to the same currency without a lookup', async () => {
    const lookup = vi.fn();
    expect(await convert(create({ amount: 5 }), 'USD', { endpoint: lookup })).toEqual(
      create({ amount: 5 }),
    );
    expect(lookup).not.toHaveBeenCalled();
  });
});

describe('readRate', () => {
  it('finds positive finite rates only', () => {
    expect(readRate({ rates: { EUR: 0.9 } }, 'rates.EUR')).toBe(0.9);
    expect(readRate('1.5', 'ignored')).toBe(1.5);
    expect(readRate({ rates: { EUR: 0 } }, 'rates.EUR')).toBeNull();
    expect(readRate({ rates: null }, 'rates.EUR')).toBeNull();
    expect(readRate({ rates: { EUR: 'x' } }, 'rates.EUR')).toBeNull();
  });
});
