import fc from 'fast-check';
import { expect, it } from 'vitest';
import { call, expectError } from './admin-helpers';
import { CONNECTIONS } from './connect-helpers';
import { describeEachEngine } from './harness';

describeEachEngine('connection routes: bad input is a 400 or 404 naming it, never a 5xx', (ctx) => {
  it('names each missing or malformed field of a connect request, and ignores unknown ones', async () => {
    const res = await call<{ data: { params: Record<string, string> } }>(
      ctx().app,
      'POST',
      CONNECTIONS,
      {
        url: 'mailto:owner@example.com',
        consumer_key: '',
        consumer_secret: 42,
        replace_demo: 'maybe',
        colour: 'blue',
      },
    );
    expectError(res, 400, 'rest_invalid_param');
    expect(Object.keys(res.body.data.params).sort()).toEqual([
      'consumer_key',
      'consumer_secret',
      'replace_demo',
      'url',
    ]);
    expectError(
      await call(ctx().app, 'GET', `${CONNECTIONS}/7`),
      404,
      'storelens_connection_not_found',
    );
  });

  it('answers random bodies and ids without a server error', async () => {
    const { app } = ctx();
    await fc.assert(
      fc.asyncProperty(
        fc.anything(),
        fc.oneof(
          fc.constant('1'),
          fc.constant('-1'),
          fc.constant('abc'),
          fc.constant('1e309'),
          fc.nat().map(String),
        ),
        fc.constantFrom('pause', 'resume', 'sync'),
        async (body, id, action) => {
          const sent = body === undefined ? null : body;
          const statuses = [
            (
              await app.inject({
                method: 'POST',
                url: CONNECTIONS,
                payload: JSON.stringify(sent),
                headers: { 'content-type': 'application/json' },
              })
            ).statusCode,
            (await app.inject({ method: 'POST', url: `${CONNECTIONS}/${id}/${action}` }))
              .statusCode,
            (await app.inject({ method: 'DELETE', url: `${CONNECTIONS}/${id}` })).statusCode,
            (
              await app.inject({
                method: 'POST',
                url: `/wp-json/storelens/v1/webhooks/woocommerce/${id}`,
                payload: JSON.stringify(sent),
                headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': 'AAAA' },
              })
            ).statusCode,
          ];
          for (const status of statuses) expect(status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  }, 60_000);
});
