export { allocate } from './allocate.ts';
export { add, divide, multiply, percentage, subtract } from './arithmetic.ts';
export {
  compare,
  equals,
  greaterThan,
  greaterThanOrEqual,
  hasSameAmount,
  hasSameCurrency,
  isNegative,
  isPositive,
  isZero,
  lessThan,
  lessThanOrEqual,
} from './compare.ts';
export { convert, readRate } from './convert.ts';
export { create } from './core.ts';
export { fromDecimal, toDecimal, toNumber } from './decimal.ts';
export { MoneyError, moneyErrorMessages } from './errors.ts';
export { format, parseMask } from './format.ts';
export { moneyDefaults } from './types.ts';
