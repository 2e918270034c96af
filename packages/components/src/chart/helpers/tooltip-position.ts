/** Where the tooltip box goes inside the chart container. */
export interface TooltipPlacement {
  /** Left edge in px, or undefined when anchored by the right edge. */
  left?: number;
  /** Right edge distance in px, or undefined when anchored by the left edge. */
  right?: number;
  /** Top in px. */
  top: number;
}

/**
 * Places the tooltip beside the hovered date: to its right in the left half of the chart,
 * to its left in the right half, so it never runs off the container.
 */
export function getTooltipPlacement(
  x: number,
  containerWidth: number,
  top: number,
  gap = 12,
): TooltipPlacement {
  if (x <= containerWidth / 2) return { left: Math.round(x + gap), top };
  return { right: Math.round(containerWidth - x + gap), top };
}
