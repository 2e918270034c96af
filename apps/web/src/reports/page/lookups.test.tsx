import { createApiClient, DataProvider, type ReportRow } from '@storelens/data';
import { render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useLookups } from './lookups';
import type { LookupDefinition } from './types';

/** A loaded machine may take seconds to render: what is awaited decides, not the clock. */
const WAIT = { timeout: 15_000 };

const products: LookupDefinition = {
  kind: 'products',
  path: 'products',
  ids: (rows) => rows.map((r) => String(r.product_id)),
  entry: (record) => ({ name: String(record.name ?? '') }),
};
const rows: ReportRow[] = [{ product_id: 7 }, { product_id: 9 }];

function Names() {
  const { lookups, failed } = useLookups([products], rows);
  const names = lookups.products;
  return (
    <p>
      {failed ? 'failed' : 'ok'}:
      {['7', '9']
        .map((id) => `${id}=${names?.has(id) ? `[${names.get(id)?.name}]` : '?'}`)
        .join(',')}
    </p>
  );
}

const trashAware: LookupDefinition = { ...products, missingQuery: { status: 'trash' } };

function TrashAwareNames() {
  const { lookups } = useLookups([trashAware], rows);
  const names = lookups.products;
  return <p>{['7', '9'].map((id) => `${id}=${names?.get(id)?.name ?? '?'}`).join(',')}</p>;
}

/** Renders `ui` on a data layer whose requests `answer` takes (path and query), as JSON. */
function renderOn(ui: ReactNode, answer: (url: URL) => unknown) {
  const fetchImpl = async (input: RequestInfo | URL) => {
    const result = answer(new URL(String(input), 'http://store.test'));
    if (result instanceof Error) throw result;
    return Response.json(result);
  };
  return render(
    <DataProvider client={createApiClient({ fetch: fetchImpl as typeof fetch })}>
      {ui}
    </DataProvider>,
  );
}

describe('useLookups', () => {
  it('asks the missing ids again with the second query before counting them deleted', async () => {
    const asked: string[] = [];
    renderOn(<TrashAwareNames />, (url) => {
      asked.push(`${url.pathname}?${url.searchParams}`);
      if (url.searchParams.get('status') === 'trash') return [{ id: 9, name: 'Old poster' }];
      return [{ id: 7, name: 'Mug' }];
    });
    await screen.findByText('7=Mug,9=Old poster', {}, WAIT);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatch(/\/wc-analytics\/products\?/);
    expect(asked[0]).toContain('include=7%2C9');
    expect(asked[0]).not.toContain('status');
    expect(asked[1]).toContain('include=9');
    expect(asked[1]).toContain('status=trash');
  }, 30_000);

  it('labels the ids answered, and marks an id not answered as a deleted record', async () => {
    renderOn(<Names />, () => [{ id: 7, name: 'Mug' }]);
    await screen.findByText('ok:7=[Mug],9=[]', {}, WAIT);
  }, 30_000);

  it('says a failed read failed and marks no id as deleted', async () => {
    let asked = 0;
    renderOn(<Names />, () => {
      asked += 1;
      return new Error('network down');
    });
    await screen.findByText('failed:7=?,9=?', {}, WAIT);
    await waitFor(() => expect(asked).toBeGreaterThan(0), WAIT);
  }, 30_000);
});
