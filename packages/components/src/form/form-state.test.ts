import fc from 'fast-check';
import { type FormState, formReducer, hasErrors, shownErrors } from './form-state';

type V = { name: string; email: string; agree: boolean };
const initial: FormState<V> = { values: { name: '', email: '', agree: false }, touched: {} };

describe('formReducer', () => {
  it('changes one value and touches nothing', () => {
    const next = formReducer(initial, { type: 'change', name: 'name', value: 'Ada' });
    expect(next.values).toEqual({ name: 'Ada', email: '', agree: false });
    expect(next.touched).toEqual({});
  });

  it('touches a field on blur', () => {
    expect(formReducer(initial, { type: 'blur', name: 'email' }).touched).toEqual({ email: true });
  });

  it('touches every field on submit', () => {
    expect(formReducer(initial, { type: 'submit' }).touched).toEqual({
      name: true,
      email: true,
      agree: true,
    });
  });

  it('resets values and touched', () => {
    const dirty = formReducer(formReducer(initial, { type: 'submit' }), {
      type: 'change',
      name: 'name',
      value: 'x',
    });
    expect(formReducer(dirty, { type: 'reset', values: initial.values })).toEqual(initial);
  });
});

describe('shownErrors', () => {
  it('shows errors of touched fields only', () => {
    const errors = { name: 'Required', email: 'Invalid' };
    expect(shownErrors<V>(errors, { email: true })).toEqual({ email: 'Invalid' });
    expect(shownErrors<V>(errors, {})).toEqual({});
  });

  it('never shows an error for an untouched field', () => {
    fc.assert(
      fc.property(
        fc.record({ name: fc.boolean(), email: fc.boolean(), agree: fc.boolean() }),
        (touched) => {
          const shown = shownErrors<V>({ name: 'a', email: 'b', agree: 'c' }, touched);
          for (const key of ['name', 'email', 'agree'] as const) {
            expect(key in shown).toBe(touched[key]);
          }
        },
      ),
    );
  });

  it('knows when there are errors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ name: '' })).toBe(false);
    expect(hasErrors({ name: 'Required' })).toBe(true);
  });
});
