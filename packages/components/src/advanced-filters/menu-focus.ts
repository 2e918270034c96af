/**
 * The item a menu key moves to: ↓/↑ wrap around, Home and End jump to the ends; undefined
 * for any other key or an empty menu.
 */
export function getMenuFocusIndex(key: string, current: number, count: number): number | undefined {
  if (count <= 0) return undefined;
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count;
    case 'ArrowUp':
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
