import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, render, screen, within } from '@testing-library/react';
import { Chart } from '../chart/chart';
import { makeDailyRows } from '../chart/test-data';
import { SummaryNumbers } from '../summary-numbers/summary-numbers';
import { NUMBER_CLASS } from './number';

const css = readFileSync(join(__dirname, 'number.css'), 'utf8');

/** Applies the class's stylesheet, as the bundle does, to the rendered document. */
function withStylesheet() {
  const style = document.createElement('style');
  // Stylesheets of the page may break long words anywhere (the dashboard's main area does).
  style.textContent = `${css}\n.wrap-anywhere { overflow-wrap: anywhere; }`;
  document.head.append(style);
  return () => style.remove();
}

/** An element's one-line, equal-width-digit style as computed from the stylesheet. */
function numberStyle(element: Element) {
  const style = getComputedStyle(element);
  return {
    whiteSpace: style.whiteSpace,
    overflowWrap: style.getPropertyValue('overflow-wrap'),
    fontVariantNumeric: style.getPropertyValue('font-variant-numeric'),
  };
}

const ONE_LINE = {
  whiteSpace: 'nowrap',
  overflowWrap: 'normal',
  fontVariantNumeric: 'tabular-nums',
};

describe('money never wraps inside the number', () => {
  it('the number class keeps a figure on one line with tabular digits', () => {
    expect(css).toMatch(/\.sl-number\s*\{[^}]*white-space:\s*nowrap/);
    expect(css).toMatch(/\.sl-number\s*\{[^}]*font-variant-numeric:\s*tabular-nums/);
  });

  it('summary tiles: the value and the previous value', () => {
    const remove = withStylesheet();
    try {
      render(
        <div className="wrap-anywhere">
          <SummaryNumbers
            isMobile={false}
            items={[
              {
                label: 'Net sales',
                value: '$191,811.71',
                delta: 3,
                prevLabel: 'Previous year:',
                prevValue: '$185,102.40',
              },
            ]}
          />
        </div>,
      );
      for (const text of ['$191,811.71', '$185,102.40']) {
        const element = screen.getByText(text);
        expect(element).toHaveClass(NUMBER_CLASS);
        expect(numberStyle(element)).toEqual(ONE_LINE);
      }
    } finally {
      remove();
    }
  });

  it('chart legends and tooltips', () => {
    const remove = withStylesheet();
    try {
      const data = makeDailyRows(new Date(2024, 0, 1), 3, {
        revenue: { label: 'Revenue', value: (i) => 63_937.23 + i },
      });
      render(<Chart data={data} valueType="currency" />);
      const total = screen.getByText('$191,814.69');
      expect(total).toHaveClass(NUMBER_CLASS);
      expect(numberStyle(total)).toEqual(ONE_LINE);
      act(() => screen.getAllByRole('img')[0]?.focus());
      const value = within(screen.getByRole('tooltip')).getByText('$63,937.23');
      expect(value).toHaveClass(NUMBER_CLASS);
      expect(numberStyle(value)).toEqual(ONE_LINE);
    } finally {
      remove();
    }
  });
});
