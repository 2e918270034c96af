import './number.css';

/**
 * The class of a number or an amount of money shown as text (summary tiles, chart tooltips and
 * legends, leaderboards): never wrapped inside the number, digits of one width.
 */
export const NUMBER_CLASS = 'sl-number';
