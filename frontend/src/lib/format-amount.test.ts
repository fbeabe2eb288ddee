import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount';

// Intl's French format: a narrow no-break space between thousands, a no-break space before €.
const thin = '\u202f';
const nbsp = '\u00a0';

describe('formatAmount', () => {
  it.each([
    [9, `9,00${nbsp}€`],
    [30.5, `30,50${nbsp}€`],
    [0, `0,00${nbsp}€`],
    [1234.5, `1${thin}234,50${nbsp}€`],
    [1234567.891, `1${thin}234${thin}567,89${nbsp}€`],
    [0.005, `0,01${nbsp}€`],
    [-12, `-12,00${nbsp}€`],
  ])('writes %s as "%s": two decimals, French separators, then €', (amount, text) => {
    expect(formatAmount(amount)).toBe(text);
  });

  it('never writes a negative zero', () => {
    expect(formatAmount(-0)).toBe(`0,00${nbsp}€`);
    expect(formatAmount(-0.001)).toBe(`0,00${nbsp}€`);
  });

  it.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])(
    'writes "-" for a missing amount (%s)',
    (amount) => {
      expect(formatAmount(amount)).toBe('-');
    },
  );

  it('writes "-" for an amount the API sent as something other than a number', () => {
    expect(formatAmount('12' as unknown as number)).toBe('-');
  });
});
