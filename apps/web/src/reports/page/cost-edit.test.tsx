import { createApiClient, DataProvider } from '@storelens/data';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { StoreSettingsProvider } from '../../settings-context';
import { testSettings } from '../../test-settings';
import CostsPage from '../costs';
import { parseCost, savedMessage, storeToday, UnitCostEdit } from './cost-edit';

const settings = testSettings({ timezone: 'America/New_York' });

/** Renders with a data store whose requests `answer` handles (url, JSON body). */
function withServer(ui: ReactNode, answer: (url: string, body: unknown) => Response) {
  const seen: { url: string; body: unknown }[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    seen.push({ url: String(input), body });
    if (String(input).includes('/costs/settings'))
      return Response.json({ entered_costs_win: false });
    return answer(String(input), body);
  });
  render(
    <StoreSettingsProvider settings={settings}>
      <DataProvider client={createApiClient({ fetch: fetchImpl })}>{ui}</DataProvider>
    </StoreSettingsProvider>,
  );
  return seen;
}

const money = (n: number) => `$${n.toFixed(2)}`;

describe('the unit cost of a Products row', () => {
  it('reads a typed cost and today in the store zone', () => {
    expect(parseCost(' 12,5 ')).toBe('12.5');
    expect(parseCost('-1')).toBeNull();
    expect(parseCost('abc')).toBeNull();
    expect(storeToday('UTC', new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-04');
    expect(storeToday('Asia/Tokyo', new Date('2026-03-04T23:30:00Z'))).toBe('2026-03-05');
  });

  it('is edited by keyboard: Edit, type, Enter saves from the chosen day; focus comes back', async () => {
    const user = userEvent.setup();
    const seen = withServer(
      <UnitCostEdit id={7} name="Mug" cost={null} timeZone="UTC" formatAmount={money} />,
      () =>
        Response.json(
          { product_id: 7, cost: 4.5, cost_source: 'entered', recompute: { id: 'j', orders: 12 } },
          { status: 201 },
        ),
    );
    expect(screen.getByText('unknown')).toBeInTheDocument();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit the unit cost of Mug' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const cost = screen.getByRole('textbox', { name: 'Unit cost' });
    expect(cost).toHaveFocus();
    await user.type(cost, '4.50');
    const from = screen.getByLabelText('From');
    expect((from as HTMLInputElement).value).toBe(storeToday('UTC'));
    await user.clear(from);
    await user.type(from, '2026-01-02');
    await user.click(cost);
    await user.keyboard('{Enter}');
    await screen.findByText('Saved; 12 orders are being recounted.');
    expect(screen.getByText('$4.50')).toBeInTheDocument();
    expect(seen[0]?.url).toContain('/storelens/v1/products/7/costs');
    expect(seen[0]?.body).toEqual({ cost: '4.50', from: '2026-01-02' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Edit the unit cost of Mug' })).toHaveFocus(),
    );
  });

  it('says a refusal under the field it names and cancels with Escape', async () => {
    const user = userEvent.setup();
    withServer(
      <UnitCostEdit id={7} name="Mug" cost={3} timeZone="UTC" formatAmount={money} />,
      () =>
        Response.json(
          {
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): from',
            data: { status: 400, params: { from: 'from is after today.' } },
          },
          { status: 400 },
        ),
    );
    await user.click(screen.getByRole('button', { name: 'Edit the unit cost of Mug' }));
    expect(screen.getByRole('textbox', { name: 'Unit cost' })).toHaveValue('3');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('from is after today.');
    await waitFor(() => expect(screen.getByLabelText('From')).toHaveFocus());
    expect(screen.getByLabelText('From')).toHaveAttribute('aria-invalid', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText('$3.00')).toBeInTheDocument();
  });
});

describe('a saved cost', () => {
  it("says when the shop's own cost stays in force", () => {
    const saved = {
      product_id: 7,
      parent_id: 0,
      name: 'Mug',
      sku: 'MUG',
      cost: 9.18,
      cost_source: 'shop' as const,
      entered_costs_win: false,
      history: [],
      recompute: null,
    };
    expect(savedMessage(saved)).toMatch(/^Saved\. The shop's own cost stays in force/);
    expect(savedMessage({ ...saved, cost_source: 'entered' })).toBe('Saved.');
    expect(savedMessage({ ...saved, entered_costs_win: true })).toBe('Saved.');
  });
});

describe('the Costs page', () => {
  const checked = {
    dry_run: true,
    lines: 1,
    changed: 1,
    rows: [
      {
        line: 2,
        product_id: 7,
        name: 'Mug',
        sku: 'MUG',
        from: '2026-01-01',
        old_cost: null,
        new_cost: 4,
        cost_before: null,
        cost_after: 4,
        changes: true,
      },
    ],
    recompute: null,
  };

  it('checks a file first, shows what would change, then applies it', async () => {
    const user = userEvent.setup();
    const seen = withServer(<CostsPage />, (_url, body) =>
      (body as { dry_run: boolean }).dry_run
        ? Response.json(checked)
        : Response.json({ ...checked, dry_run: false, recompute: { id: 'j', orders: 9 } }),
    );
    const csv = 'sku,cost,from\nMUG,4,2026-01-01\n';
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File([csv], 'costs.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    const table = await screen.findByRole('table', { name: 'What the file would change' });
    expect(table).toHaveTextContent('Mug');
    expect(table).toHaveTextContent('unknown');
    expect(table).toHaveTextContent('$4.00');
    expect(
      screen.getByRole('checkbox', { name: /Costs entered in Storelens win/ }),
    ).not.toBeChecked();
    expect(screen.getByText(/Nothing is saved yet/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply 1 changes' }));
    await screen.findByText('1 costs saved. 9 orders are being counted again with them.');
    expect(seen.filter((s) => s.url.includes('/costs/import')).map((s) => s.body)).toEqual([
      { csv, dry_run: true },
      { csv, dry_run: false },
    ]);
  });

  it('names the bad line of a refused file', async () => {
    const user = userEvent.setup();
    withServer(<CostsPage />, () =>
      Response.json(
        {
          code: 'storelens_cost_import_invalid',
          message: 'The costs file has a bad line.',
          data: { status: 400, params: { csv: 'Line 3, column cost: not an amount.' } },
        },
        { status: 400 },
      ),
    );
    await user.upload(
      screen.getByLabelText('CSV file'),
      new File(['sku,cost,from\nA,1,2026-01-01\nB,x,2026-01-01\n'], 'c.csv', { type: 'text/csv' }),
    );
    await user.click(screen.getByRole('button', { name: 'Check the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file was not taken: Line 3, column cost: not an amount.',
    );
  });
});
