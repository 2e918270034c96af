/** Keys that move focus within an open menu. */
export type MenuNavigationKey = 'ArrowDown' | 'ArrowUp' | 'Home' | 'End';

/** Whether a key moves focus within a menu. */
export function isMenuNavigationKey(key: string): key is MenuNavigationKey {
  return key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End';
}

/**
 * The index of the item to focus after a navigation key: down and up wrap around, Home and
 * End go to the ends. `current` is -1 when no item has focus. Returns -1 for an empty menu.
 */
export function nextMenuIndex(key: MenuNavigationKey, current: number, count: number): number {
  if (count <= 0) return -1;
  switch (key) {
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'ArrowDown':
      return current < 0 ? 0 : (current + 1) % count;
    case 'ArrowUp':
      return current < 0 ? count - 1 : (current - 1 + count) % count;
  }
}
