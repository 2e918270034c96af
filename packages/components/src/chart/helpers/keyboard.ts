/**
 * The data point index a key moves to: ←/→ by one (clamped), Home/End to the ends, PageUp/
 * PageDown by ten. Returns null for keys the chart does not handle.
 */
export function getNextPointIndex(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const clamp = (value: number) => Math.min(count - 1, Math.max(0, value));
  switch (key) {
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    case 'PageDown':
      return clamp(index + 10);
    case 'PageUp':
      return clamp(index - 10);
    default:
      return null;
  }
}
