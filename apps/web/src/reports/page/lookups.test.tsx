import { ApiFetchProvider } from '@storelens/components';
import type { ReportRow } from '@storelens/data';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLookups } from './lookups';
import type { LookupDefinition } from './types';

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

const trashAware: LookupDefinition = { ...products, missingQuery: 'status=trash' };

function TrashAwareNames() {
  const { lookups } = useLookups([trashAware], rows);
  const names = lookups.products;
  return <p>{['7', '9'].map((id) => `${id}=${names?.get(id)?.name ?? '?'}`).join(',')}</p>;
}

describe('useLookups', () => {
  it('asks the missing ids again with the second query before counting them deleted', async () => {
    const asked: string[] = [];
    const apiFetch = async (path: string) => {
      asked.push(path);
      if (path.includes('status=trash')) return [{ id: 9, name: 'Old poster' }];
      return [{ id: 7, name: 'Mug' }];
    };
    render(
      <ApiFetchProvider apiFetch={apiFetch}>
        <TrashAwareNames />
      </ApiFetchProvider>,
    );
    await screen.findByText('7=Mug,9=Old poster');
    expect(asked).toEqual([
      '/wc-analytics/products?include=7,9&per_page=100',
      '/wc-analytics/products?include=9&per_page=100&status=trash',
    ]);
  });

  it('labels the ids answered, and marks an id not answered as a deleted record', async () => {
    const apiFetch = async () => [{ id: 7, name: 'Mug' }];
    render(
      <ApiFetchProvider apiFetch={apiFetch}>
        <Names />
      </ApiFetchProvider>,
    );
    await screen.findByText('ok:7=[Mug],9=[]');
  });

  it('says a failed read failed and marks no id as deleted', async () => {
    let asked = 0;
    const apiFetch = async () => {
      asked += 1;
      throw new Error('network down');
    };
    render(
      <ApiFetchProvider apiFetch={apiFetch}>
        <Names />
      </ApiFetchProvider>,
    );
    await screen.findByText('failed:7=?,9=?');
    await waitFor(() => expect(asked).toBe(1));
  });
});
