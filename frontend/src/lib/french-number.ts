/**
 * A number as French readers write it: "1 234,5" (a narrow no-break space between thousands,
 * so that a number never wraps, and a decimal comma), with between `min` and `max` decimals,
 * rounded as `Intl.NumberFormat('fr-FR')` rounds, and no sign on what rounds to zero.
 *
 * Written out rather than through `Intl`: the first `Intl` formatter a page builds loads the
 * locale's data on the main thread (25–55 ms measured in a fresh Chromium tab, four times that
 * on a phone): it was the longest task of every page showing an amount. The tests hold it to
 * `Intl`'s output.
 */
export function frenchNumber(value: number, decimals: { min: number; max: number }): string {
  const digits = roundedDigits(Math.abs(value), decimals.max).padStart(decimals.max + 1, '0');
  const whole = digits.slice(0, digits.length - decimals.max);
  const fraction = digits.slice(digits.length - decimals.max).replace(/0+$/, '').padEnd(decimals.min, '0');
  const sign = value < 0 && /[1-9]/.test(digits) ? '-' : '';
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '\u202f');
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** A whole number the way a French text names it, "4 000 caractères": no decimals. */
export function frenchInteger(value: number): string {
  return frenchNumber(value, { min: 0, max: 0 });
}

/**
 * `value` × 10^`decimals`, rounded half away from zero, as a string of digits. Like `Intl`,
 * it rounds the number's shortest decimal writing (1.005 is "1.005", rounded up to 1.01), not
 * its binary value (1.00499999…, which `toFixed` rounds down).
 */
function roundedDigits(value: number, decimals: number): string {
  const [mantissa = '0', exponent = '0'] = value.toExponential().split('e');
  const significand = mantissa.replace('.', '');
  const shift = Number(exponent) - (significand.length - 1) + decimals;
  if (shift >= 0) return (BigInt(significand) * 10n ** BigInt(shift)).toString();
  const divisor = 10n ** BigInt(-shift);
  const quotient = BigInt(significand) / divisor;
  const remainder = BigInt(significand) % divisor;
  return (remainder * 2n >= divisor ? quotient + 1n : quotient).toString();
}
