import { renderHook } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { useStableValue } from './use-stable-value.ts';

describe('useStableValue', () => {
  it('returns the same reference while the stable key is unchanged', () => {
    const first = { page: 1, search: 'h' };
    const { result, rerender } = renderHook(({ value }) => useStableValue(value), {
      initialProps: { value: first },
    });
    expect(result.current).toBe(first);
    // A new object with the same content (keys in another order, an undefined entry).
    rerender({ value: { search: 'h', page: 1, orderby: undefined } as typeof first });
    expect(result.current).toBe(first);
    rerender({ value: { ...first } });
    expect(result.current).toBe(first);
  });

  it('returns the new value once the key changes, then keeps it', () => {
    const first = { page: 1 };
    const second = { page: 2 };
    const { result, rerender } = renderHook(({ value }) => useStableValue(value), {
      initialProps: { value: first },
    });
    rerender({ value: second });
    expect(result.current).toBe(second);
    rerender({ value: { page: 2 } });
    expect(result.current).toBe(second);
    rerender({ value: { page: 1 } });
    expect(result.current).not.toBe(first);
    expect(result.current).toEqual({ page: 1 });
  });

  it('keeps arrays by content, order included', () => {
    const names = ['a', 'b'];
    const { result, rerender } = renderHook(({ value }) => useStableValue(value), {
      initialProps: { value: names },
    });
    rerender({ value: ['a', 'b'] });
    expect(result.current).toBe(names);
    const reordered = ['b', 'a'];
    rerender({ value: reordered });
    expect(result.current).toBe(reordered);
  });

  it('re-runs an effect that depends on it only when the key changes', () => {
    const runs: unknown[] = [];
    const { rerender } = renderHook(
      ({ value }) => {
        const stable = useStableValue(value);
        useEffect(() => {
          runs.push(stable);
        }, [stable]);
      },
      { initialProps: { value: { a: 1 } } },
    );
    rerender({ value: { a: 1 } });
    rerender({ value: { a: 1 } });
    expect(runs).toEqual([{ a: 1 }]);
    rerender({ value: { a: 2 } });
    rerender({ value: { a: 2 } });
    expect(runs).toEqual([{ a: 1 }, { a: 2 }]);
  });
});
