import { chooseOption, isChosen, removeOption } from './selection';
import type { SearchOption } from './types';

const a: SearchOption = { key: 'a', label: 'A' };
const b: SearchOption = { key: 'b', label: 'B' };

describe('selection', () => {
  it('appends in multiple mode', () => {
    expect(chooseOption([a], b, true)).toEqual([a, b]);
  });

  it('replaces in single mode', () => {
    expect(chooseOption([a], b, false)).toEqual([b]);
  });

  it('does nothing when the option is already chosen (same array back)', () => {
    const chosen = [a, b];
    expect(chooseOption(chosen, { key: 'a', label: 'other label' }, true)).toBe(chosen);
    expect(chooseOption([a], a, false)).toEqual([a]);
  });

  it('knows what is chosen by key', () => {
    expect(isChosen([a], { key: 'a', label: 'x' })).toBe(true);
    expect(isChosen([a], b)).toBe(false);
  });

  it('removes by key', () => {
    expect(removeOption([a, b], 'a')).toEqual([b]);
    expect(removeOption([a, b], 'z')).toEqual([a, b]);
  });
});
