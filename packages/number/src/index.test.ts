import * as api from './index';

describe('@storelens/number public API', () => {
  it('exports the documented functions', () => {
    for (const name of [
      'numberFormat',
      'parseNumber',
      'formatValue',
      'calculateDelta',
      'patternFormat',
      'validateNumberConfig',
      'roundToPrecision',
    ]) {
      expect(typeof (api as Record<string, unknown>)[name]).toBe('function');
    }
  });

  it('has typed signatures', () => {
    expectTypeOf(api.numberFormat).returns.toEqualTypeOf<string>();
    expectTypeOf(api.formatValue).returns.toEqualTypeOf<string | null>();
    expectTypeOf(api.calculateDelta).returns.toEqualTypeOf<number | null>();
    expectTypeOf(api.formatValue).parameter(1).toEqualTypeOf<api.ValueType>();
  });
});
