import { stepStatus } from './steps';

const steps = [
  { key: 'store' },
  { key: 'products' },
  { key: 'payments', isComplete: true },
  { key: 'tax' },
];

describe('stepStatus', () => {
  it('marks steps before the current one complete', () => {
    expect(stepStatus(steps, 0, 'products')).toBe('complete');
    expect(stepStatus(steps, 1, 'products')).toBe('current');
    expect(stepStatus(steps, 3, 'products')).toBe('upcoming');
  });

  it('marks a flagged step complete even after the current one', () => {
    expect(stepStatus(steps, 2, 'store')).toBe('complete');
  });

  it('has nothing complete by position when the current step is unknown', () => {
    expect(stepStatus(steps, 0, 'nope')).toBe('upcoming');
  });
});
