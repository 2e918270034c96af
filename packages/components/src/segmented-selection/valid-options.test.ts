import { validOptions } from './valid-options';

describe('validOptions', () => {
  it('skips options lacking a value or a label, keeping order', () => {
    expect(
      validOptions([
        { value: 'a', label: 'A' },
        { label: 'no value' },
        { value: 'b' },
        { value: '', label: 'empty value' },
        { value: 'c', label: '' },
        { value: null, label: 'null value' },
        { value: 'd', label: 'D' },
      ]),
    ).toEqual([
      { value: 'a', label: 'A' },
      { value: 'd', label: 'D' },
    ]);
  });
});
