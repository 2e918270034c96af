import { createApiClient, createStorelensStore, DataProvider, READS } from '@storelens/data';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AccountTable, useAccountList } from './AccountTable';

/** A store whose client answers the users list from `answer`, counting the reads. */
function serve(answer: () => Response) {
  const asked: string[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input) => {
    asked.push(new URL(String(input), 'http://store.test').pathname);
    return answer();
  });
  return { client: createApiClient({ fetch: fetchImpl }), asked };
}

let reloadList: () => Promise<void> = async () => undefined;

function Names({ enabled = true }: { enabled?: boolean }) {
  const [error, setError] = useState('');
  // An inline callback, new on every render: it must not read the list again.
  const { items, reload } = useAccountList(READS.users, (message) => setError(message), enabled);
  reloadList = reload;
  return (
    <p>
      {items === null ? 'none yet' : items.map((i) => i.name).join(', ')}
      {error}
    </p>
  );
}

describe('account lists', () => {
  it('reads the list at its path once when enabled, and again after a reload', async () => {
    let names = ['Ada', 'Grace'];
    const { client, asked } = serve(() => Response.json(names.map((name) => ({ name }))));
    render(
      <DataProvider client={client}>
        <Names />
      </DataProvider>,
    );
    expect(await screen.findByText('Ada, Grace')).toBeInTheDocument();
    expect(asked).toEqual(['/wp-json/wp/v2/users']);
    names = ['Ada', 'Grace', 'Hedy'];
    await act(() => reloadList());
    expect(await screen.findByText('Ada, Grace, Hedy')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('asks nothing while not enabled', () => {
    const { client, asked } = serve(() => Response.json([]));
    render(
      <DataProvider client={client}>
        <Names enabled={false} />
      </DataProvider>,
    );
    expect(screen.getByText('none yet')).toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it("hands a failed request's message to the page", async () => {
    const { client } = serve(() =>
      Response.json(
        { code: 'rest_forbidden', message: 'Sorry, you are not allowed.', data: { status: 403 } },
        { status: 403 },
      ),
    );
    render(
      <DataProvider client={client}>
        <Names />
      </DataProvider>,
    );
    expect(await screen.findByText('none yetSorry, you are not allowed.')).toBeInTheDocument();
  });

  it('reads the list again when shown again, without saying an earlier failure', async () => {
    let fails = true;
    const { client, asked } = serve(() =>
      fails
        ? Response.json(
            { code: 'db_error', message: 'The list is down.', data: { status: 500 } },
            { status: 500 },
          )
        : Response.json([{ name: 'Ada' }]),
    );
    const store = createStorelensStore({ client });
    const first = render(
      <DataProvider store={store}>
        <Names />
      </DataProvider>,
    );
    expect(await screen.findByText('none yetThe list is down.')).toBeInTheDocument();
    first.unmount();
    fails = false;
    render(
      <DataProvider store={store}>
        <Names />
      </DataProvider>,
    );
    expect(await screen.findByText('Ada')).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('names the table by its section title, one column header a label', () => {
    render(
      <section aria-labelledby="keys">
        <h2 id="keys">Application passwords</h2>
        <AccountTable labelledBy="keys" columns={['Name', 'Created']}>
          <tr>
            <td>cli</td>
            <td>Never</td>
          </tr>
        </AccountTable>
      </section>,
    );
    const table = screen.getByRole('table', { name: 'Application passwords' });
    expect([...table.querySelectorAll('th[scope="col"]')].map((th) => th.textContent)).toEqual([
      'Name',
      'Created',
    ]);
    expect(screen.getByRole('cell', { name: 'cli' })).toBeInTheDocument();
  });
});
