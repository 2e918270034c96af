import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Pagination } from './pagination';

function Controlled() {
  const [state, setState] = useState({ page: 2, perPage: 25 });
  return (
    <Pagination
      total={230}
      page={state.page}
      perPage={state.perPage}
      onPerPageChange={(perPage, page) => setState({ perPage, page })}
    />
  );
}

describe('Pagination', () => {
  it('disables previous on the first page and next on the last', async () => {
    const user = userEvent.setup();
    render(<Pagination total={60} defaultPage={1} />);
    const previous = screen.getByRole('button', { name: 'Previous page' });
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(next);
    await user.click(next);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
  });

  it('reports arrow clicks when controlled', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination total={100} page={2} onPageChange={onPageChange} />);
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenCalledWith(1);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(3);
  });

  it('goes to a typed page from 1 to the page count on Enter', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination total={100} defaultPage={1} onPageChange={onPageChange} />);
    const input = screen.getByRole('textbox', { name: 'Go to page' });
    await user.clear(input);
    await user.type(input, '4{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(4);
    expect(screen.getByText('Page 4 of 4')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'false');
  });

  it('marks anything else invalid and ignores it', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn();
    render(<Pagination total={100} defaultPage={2} onPageChange={onPageChange} />);
    const input = screen.getByRole('textbox', { name: 'Go to page' });
    for (const text of ['5', '0', 'x', '1.5']) {
      await user.clear(input);
      await user.type(input, `${text}{Enter}`);
      expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await user.tab();
    expect(onPageChange).not.toHaveBeenCalled();
    expect(screen.getByText('Page 2 of 4')).toBeInTheDocument();
  });

  it('goes to the last page when more rows per page would leave the current one empty', async () => {
    const user = userEvent.setup();
    const onPerPageChange = vi.fn();
    render(
      <Pagination
        total={230}
        defaultPage={8}
        defaultPerPage={25}
        onPerPageChange={onPerPageChange}
      />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '100');
    expect(onPerPageChange).toHaveBeenCalledWith(100, 3);
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
  });

  it('keeps the page when it still exists after changing rows per page', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
  });

  it('offers 25, 50, 75 and 100 rows per page', () => {
    render(<Pagination total={500} />);
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['25', '50', '75', '100']);
  });

  it('shows only the rows-per-page picker when more than 25 rows fit one page', () => {
    render(<Pagination total={40} perPage={50} />);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Go to page' })).not.toBeInTheDocument();
  });

  it('shows nothing when 25 rows or fewer fit one page', () => {
    render(<Pagination total={25} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
