import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Pagination } from './pagination';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Many pages: arrows, page picker and rows per page (uncontrolled). */
export const ManyPages: Story = { args: { total: 230, defaultPage: 2 } };

/** Controlled by the caller, as a report page does through the URL. */
export const Controlled: Story = {
  args: { total: 480 },
  render: (args) => {
    const [state, setState] = useState({ page: 1, perPage: 25 });
    return (
      <>
        <Pagination
          {...args}
          page={state.page}
          perPage={state.perPage}
          onPageChange={(page) => setState((s) => ({ ...s, page }))}
          onPerPageChange={(perPage, page) => setState({ perPage, page })}
        />
        <p>
          page={state.page}, per_page={state.perPage}
        </p>
      </>
    );
  },
};

/** More than 25 rows that fit one page: only the rows-per-page picker. */
export const PerPageOnly: Story = { args: { total: 40, defaultPerPage: 50 } };

/** 25 rows or fewer: nothing is shown. */
export const Hidden: Story = { args: { total: 12 } };
