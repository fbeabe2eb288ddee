import { describe, expect, it } from 'vitest';
import { frenchInteger, frenchNumber } from './french-number';

describe('frenchNumber', () => {
  // Node's full ICU is the reference the browser's Intl would give.
  const intl = (value: number, min: number, max: number) =>
    new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      signDisplay: 'negative',
    }).format(value);

  it.each([
    [0, 2, 2],
    [9, 2, 2],
    [30.5, 2, 2],
    [999.995, 2, 2],
    [1234.5, 2, 2],
    [1234567.891, 2, 2],
    [0.005, 2, 2],
    [1.005, 2, 2],
    [2.675, 2, 2],
    [0.125, 2, 2],
    [1e-7, 2, 2],
    [123456789012.345, 2, 2],
    [-12, 2, 2],
    [-0.001, 2, 2],
    [-0, 2, 2],
    [12.04, 0, 1],
    [1.96, 0, 1],
    [350, 0, 1],
    [87.125, 0, 3],
    [100000, 0, 2],
  ])('writes %s with %i to %i decimals as Intl does', (value, min, max) => {
    expect(frenchNumber(value, { min, max })).toBe(intl(value, min, max));
  });

  it('groups thousands with a narrow no-break space and writes a decimal comma', () => {
    expect(frenchNumber(1234567.5, { min: 2, max: 2 })).toBe('1\u202f234\u202f567,50');
  });
});

describe('frenchInteger', () => {
  it.each([
    [120, '120'],
    [1000, '1\u202f000'],
    [4000, '4\u202f000'],
  ])('writes %s as Intl does, "%s"', (value, text) => {
    expect(frenchInteger(value)).toBe(text);
    expect(frenchInteger(value)).toBe(new Intl.NumberFormat('fr-FR').format(value));
  });
});
