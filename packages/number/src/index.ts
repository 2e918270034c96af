export { calculateDelta } from './calculate-delta.ts';
export type { HalfRounding, ScaledDecimal } from './decimal.ts';
export {
  decimalParts,
  roundScaledDecimal,
  roundToPrecision,
  toScaledDecimal,
} from './decimal.ts';
export { formatValue } from './format-value.ts';
export { groupThousands, numberFormat } from './number-format.ts';
export { parseNumber } from './parse-number.ts';
export type { PatternConfig } from './pattern-format.ts';
export { patternFormat, validateMask } from './pattern-format.ts';
export type { CurrencyFormatter, NumberConfig, ValueType } from './types.ts';
export type { NumberConfigErrorCode, ResolvedNumberConfig } from './validate-config.ts';
export {
  NumberConfigError,
  resolvePrecision,
  validateNumberConfig,
} from './validate-config.ts';
