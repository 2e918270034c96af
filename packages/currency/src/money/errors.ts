/** The money rules' messages, word for word (callers and tests match on them). */
export const moneyErrorMessages = {
  integer: 'You must provide an integer.',
  percentage: 'You must provide a numeric value between 0 and 100.',
  sameCurrency: 'You must provide a Dinero instance with the same currency.',
  rate: 'No rate was found for the destination currency',
  ratios: 'You must provide a non-empty array of numeric values greater than 0.',
  // Rules of our own, beyond the five above.
  currencyCode: 'You must provide a three-letter currency code.',
  finite: 'You must provide a finite number.',
  divideByZero: 'You cannot divide by zero.',
  unsafe: 'The result is too large to be represented exactly.',
  rateRequest: 'The exchange-rate request failed.',
} as const;

/** Which money rule was broken. */
export type MoneyErrorCode = keyof typeof moneyErrorMessages;

/** Thrown by the money functions; `code` names the rule, `message` is its text in moneyErrorMessages. */
export class MoneyError extends Error {
  /** The rule that was broken. */
  readonly code: MoneyErrorCode;

  constructor(code: MoneyErrorCode, options?: ErrorOptions) {
    super(moneyErrorMessages[code], options);
    this.name = 'MoneyError';
    this.code = code;
  }
}
