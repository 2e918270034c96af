import { apiError } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AccountTable, useAccountList } from './AccountTable';

const get = vi.fn();
// One api function for every render, as useApi's useCallback gives.
const api = (call: (client: { get: typeof get }) => Promise<unknown>) => call({ get });
vi.mock('../../session', () => ({ useApi: () => api }));

function Names({ enabled = true }: { enabled?: boolean }) {
  const [error, setError] = useState('');
  // An inline callback, new on every render: it must not load the list again.
  const { items } = useAccountList<{ name: string }>(
    '/wp/v2/users',
    (message) => setError(message),
    enabled,
  );
  return (
    <p>
      {items === null ? 'none yet' : items.map((i) => i.name).join(', ')}
      {error}
    </p>
  );
}

describe('account lists', () => {
  it('loads the list at its path once when enabled', async () => {
    get.mockClear();
    get.mockResolvedValue({ data: [{ name: 'Ada' }, { name: 'Grace' }] });
    render(<Names />);
    expect(await screen.findByText('Ada, Grace')).toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(1);
    expect(get).toHaveBeenCalledWith('/wp/v2/users');
  });

  it('asks nothing while not enabled', () => {
    get.mockClear();
    render(<Names enabled={false} />);
    expect(screen.getByText('none yet')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it("hands a failed request's message to the page", async () => {
    get.mockRejectedValueOnce(apiError('rest_forbidden', 'Sorry, you are not allowed.', 403));
    render(<Names />);
    expect(await screen.findByText('none yetSorry, you are not allowed.')).toBeInTheDocument();
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
