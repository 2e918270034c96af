import { MoneyError, moneyErrorMessages } from './errors';

describe('money messages', () => {
  it('keep the five shared messages word for word', () => {
    expect(moneyErrorMessages.integer).toBe('You must provide an integer.');
    expect(moneyErrorMessages.percentage).toBe(
      'You must provide a numeric value between 0 and 100.',
    );
    expect(moneyErrorMessages.sameCurrency).toBe(
      'You must provide a Dinero instance with the same currency.',
    );
    expect(moneyErrorMessages.rate).toBe('No rate was found for the destination currency');
    expect(moneyErrorMessages.ratios).toBe(
      'You must provide a non-empty array of numeric values greater than 0.',
    );
  });

  it('MoneyError carries the message and the rule code', () => {
    const error = new MoneyError('ratios');
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe(moneyErrorMessages.ratios);
    expect(error.code).toBe('ratios');
    expect(error.name).toBe('MoneyError');
  });
});
