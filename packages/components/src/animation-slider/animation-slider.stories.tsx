import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { AnimationSlider } from './animation-slider';

const pages = ['January', 'February', 'March', 'April'];

function Demo() {
  const [index, setIndex] = useState(0);
  const [direction, setDirection] = useState<'left' | 'right'>('left');
  const go = (step: number) => {
    setDirection(step > 0 ? 'left' : 'right');
    setIndex((i) => (i + step + pages.length) % pages.length);
  };
  return (
    <div style={{ maxWidth: 320 }}>
      <button type="button" onClick={() => go(-1)}>
        Previous month
      </button>{' '}
      <button type="button" onClick={() => go(1)}>
        Next month
      </button>
      <AnimationSlider animationKey={String(index)} animate={direction}>
        <p style={{ padding: 16, margin: 0, border: '1px solid var(--sl-color-border)' }}>
          {pages[index]}
        </p>
      </AnimationSlider>
    </div>
  );
}

const meta = {
  title: 'Components/AnimationSlider',
  component: Demo,
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Previous slides right, next slides left (200 ms; instant with reduced motion). */
export const Months: Story = {};
