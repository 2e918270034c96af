import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { type Step, Stepper } from './stepper';

const meta = {
  title: 'Components/Stepper',
  component: Stepper,
  args: { steps: [], currentStep: 'products' },
} satisfies Meta<typeof Stepper>;

export default meta;
type Story = StoryObj<typeof meta>;

function Demo({ isVertical }: { isVertical?: boolean }) {
  const [current, setCurrent] = useState('products');
  const keys = ['store', 'products', 'payments', 'tax'];
  const steps: Step[] = keys.map((key, i) => ({
    key,
    label: ['Store details', 'Products', 'Payments', 'Tax'][i] ?? key,
    description: i === 2 ? 'Already connected' : undefined,
    isComplete: key === 'payments',
    onClick: setCurrent,
    content: (
      <p>
        Step {i + 1} content.{' '}
        <button type="button" onClick={() => setCurrent(keys[(i + 1) % keys.length] ?? 'store')}>
          Next step
        </button>
      </p>
    ),
  }));
  return <Stepper steps={steps} currentStep={current} isVertical={isVertical} />;
}

/** Horizontal; steps are buttons, 'Payments' is flagged complete. */
export const Horizontal: Story = { render: () => <Demo /> };

/** Vertical, with the content under the current step. */
export const Vertical: Story = { render: () => <Demo isVertical /> };
