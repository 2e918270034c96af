import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Step, Stepper } from './stepper';

const steps: Step[] = [
  { key: 'store', label: 'Store details' },
  { key: 'products', label: 'Products', content: <p>Add your first product</p> },
  { key: 'payments', label: 'Payments', isComplete: true },
  { key: 'tax', label: 'Tax' },
];

describe('Stepper', () => {
  it('marks earlier and flagged steps complete and the current step current', () => {
    render(<Stepper steps={steps} currentStep="products" />);
    const items = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Store details (completed)');
    expect(items[1]).toHaveAttribute('aria-current', 'step');
    expect(items[1]).not.toHaveTextContent('(completed)');
    expect(items[2]).toHaveTextContent('Payments (completed)');
    expect(items[3]).not.toHaveTextContent('(completed)');
  });

  it("shows the current step's content", () => {
    render(<Stepper steps={steps} currentStep="products" />);
    expect(screen.getByRole('region', { name: 'Step 2: Products' })).toHaveTextContent(
      'Add your first product',
    );
  });

  it('makes steps with a click handler buttons', async () => {
    const user = userEvent.setup();
    const onClick = vi.fn();
    render(<Stepper steps={steps.map((s) => ({ ...s, onClick }))} currentStep="tax" isVertical />);
    await user.click(screen.getByRole('button', { name: /Store details/ }));
    expect(onClick).toHaveBeenCalledWith('store');
  });
});
