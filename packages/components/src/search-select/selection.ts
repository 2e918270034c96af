import type { SearchOption } from './types';

/** True when an option with the same key is already chosen. */
export function isChosen<V>(chosen: readonly SearchOption<V>[], option: SearchOption<V>): boolean {
  return chosen.some((item) => item.key === option.key);
}

/**
 * The selection after choosing `option`: appended in multiple mode, replacing in single mode.
 * Choosing an option that is already chosen returns the same array (nothing changes).
 */
export function chooseOption<V>(
  chosen: readonly SearchOption<V>[],
  option: SearchOption<V>,
  multiple: boolean,
): readonly SearchOption<V>[] {
  if (isChosen(chosen, option)) return chosen;
  return multiple ? [...chosen, option] : [option];
}

/** The selection without the option of the given key. */
export function removeOption<V>(
  chosen: readonly SearchOption<V>[],
  key: string,
): readonly SearchOption<V>[] {
  return chosen.filter((item) => item.key !== key);
}
