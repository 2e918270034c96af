import type { Meta, StoryObj } from '@storybook/react-vite';
import { H, Section } from './section';

const meta = {
  title: 'Components/Section',
  component: Section,
} satisfies Meta<typeof Section>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Headings follow nesting: h2 at the top, h3 inside a Section, h4 inside two. */
export const Nested: Story = {
  render: () => (
    <>
      <H>Report (h2)</H>
      <Section component="section">
        <H>Summary (h3)</H>
        <p>Content under the summary.</p>
        <Section component="section">
          <H>Details (h4)</H>
          <p>Content under the details.</p>
        </Section>
      </Section>
    </>
  ),
};
