import { orderStatusLabel, statusTone } from './status';

const map = { 'wc-processing': 'Processing', completed: 'Completed' };

describe('order status', () => {
  it('labels a status from the map with or without the wc- prefix', () => {
    expect(orderStatusLabel('processing', map)).toBe('Processing');
    expect(orderStatusLabel('wc-completed', map)).toBe('Completed');
  });

  it('falls back to the bare status', () => {
    expect(orderStatusLabel('wc-awaiting-pickup', map)).toBe('awaiting-pickup');
  });

  it('gives each known status a tone and custom ones neutral', () => {
    expect(statusTone('completed')).toBe('positive');
    expect(statusTone('wc-failed')).toBe('negative');
    expect(statusTone('on-hold')).toBe('warning');
    expect(statusTone('awaiting-pickup')).toBe('neutral');
  });
});
