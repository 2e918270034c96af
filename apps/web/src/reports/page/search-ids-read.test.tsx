import { createApiClient, DataProvider } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import { describe, it } from 'vitest';
import { useSearchIds } from './search-ids';

/** A loaded machine may take seconds to render: what is awaited decides, not the clock. */
const WAIT = { timeout: 15_000 };

function Matched({ words }: { words: string[] }) {
  const { ids, failed } = useSearchIds('products', words);
  return <p>{ids === undefined ? 'loading' : `${failed ? 'failed' : 'ok'}:${ids.join(',')}`}</p>;
}

function renderWith(words: string[], answer: (search: string) => unknown) {
  const fetchImpl = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://store.test');
    const result = answer(url.searchParams.get('search') ?? '');
    if (result instanceof Error) throw result;
    return Response.json(result);
  };
  render(
    <DataProvider client={createApiClient({ fetch: fetchImpl as typeof fetch })}>
      <Matched words={words} />
    </DataProvider>,
  );
}

describe('useSearchIds', () => {
  it('joins the ids each word matched', async () => {
    renderWith(['mug', 'tee'], (word) =>
      word === 'mug' ? [{ id: 1 }, { id: 2 }] : [{ id: 2 }, { id: 3 }],
    );
    await screen.findByText('ok:1,2,3', {}, WAIT);
  }, 30_000);

  it('says a failed read failed instead of answering that nothing matched', async () => {
    renderWith(['mug', 'tee'], (word) =>
      word === 'tee' ? new Error('network down') : [{ id: 1 }],
    );
    await screen.findByText('failed:', {}, WAIT);
  }, 30_000);
});
