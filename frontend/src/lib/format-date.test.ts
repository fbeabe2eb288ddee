import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatIsoDate,
  formatParisDate,
  formatParisTime,
  formatTime,
  once,
  parseInstant,
  parisIsoDate,
  parseIsoDate,
  toIsoDate,
} from './format-date';

describe('formatDate', () => {
  it('writes dd/MM/yyyy', () => {
    expect(formatDate(new Date(2026, 10, 2))).toBe('02/11/2026');
  });
});

describe('formatTime', () => {
  it('writes HH:mm in the browser’s time zone, on 24 hours', () => {
    expect(formatTime(new Date(2026, 10, 24, 9, 5))).toBe('09:05');
    expect(formatTime(new Date(2026, 10, 24, 21, 40))).toBe('21:40');
  });

  it('writes an instant with an offset at the browser’s hour', () => {
    const instant = new Date('2026-11-24T10:40:00+01:00');
    const local = new Date(instant.getTime());

    expect(formatTime(instant)).toBe(
      `${String(local.getHours()).padStart(2, '0')}:${String(local.getMinutes()).padStart(2, '0')}`,
    );
  });
});

describe('parseInstant', () => {
  it('reads an RFC 3339 timestamp with its offset', () => {
    expect(parseInstant('2026-11-24T09:12:00+01:00')?.toISOString()).toBe('2026-11-24T08:12:00.000Z');
  });

  it.each([null, undefined, '', 'hier', '2026-13-45T99:00:00Z'])('has no instant for %s', (value) => {
    expect(parseInstant(value)).toBeNull();
  });
});

describe('parseIsoDate', () => {
  it('reads YYYY-MM-DD as that local calendar day', () => {
    const date = parseIsoDate('2026-11-02');

    expect(date).not.toBeNull();
    expect([date?.getFullYear(), date?.getMonth(), date?.getDate()]).toEqual([2026, 10, 2]);
    expect(date?.getHours()).toBe(0);
  });

  it.each(['1000-01-01', '9999-12-31', '2024-02-29'])('accepts %s', (value) => {
    expect(parseIsoDate(value)).not.toBeNull();
  });

  it.each([
    ['a three-digit year', '999-12-31'],
    ['a year below 1000', '0999-12-31'],
    ['a five-digit year', '10000-01-01'],
    ['month 13', '2026-13-01'],
    ['month 00', '2026-00-10'],
    ['day 00', '2026-11-00'],
    ['a day the month does not have', '2026-02-30'],
    ['29 February of a common year', '2026-02-29'],
    ['a time after the date', '2026-11-02T10:00:00'],
    ['dd/MM/yyyy', '02/11/2026'],
    ['one-digit month and day', '2026-1-2'],
    ['spaces around it', ' 2026-11-02 '],
    ['an empty text', ''],
  ])('refuses %s', (_, value) => {
    expect(parseIsoDate(value)).toBeNull();
  });

  it('has no date for null or undefined', () => {
    expect(parseIsoDate(null)).toBeNull();
    expect(parseIsoDate(undefined)).toBeNull();
  });
});

describe('toIsoDate', () => {
  it('writes YYYY-MM-DD with padded month and day', () => {
    expect(toIsoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('gives back what parseIsoDate read', () => {
    for (const value of ['1000-01-01', '2026-11-02', '9999-12-31']) {
      const date = parseIsoDate(value);
      expect(date && toIsoDate(date)).toBe(value);
    }
  });
});

describe('formatIsoDate', () => {
  it('writes an API date as dd/MM/yyyy', () => {
    expect(formatIsoDate('2026-10-28')).toBe('28/10/2026');
    expect(formatIsoDate('1000-01-01')).toBe('01/01/1000');
  });

  it.each([null, undefined, '', '2026-02-30', '0999-01-01'])(
    'writes "-" for a missing or invalid date (%s)',
    (value) => {
      expect(formatIsoDate(value)).toBe('-');
    },
  );
});

describe('formatParisDate and formatParisTime', () => {
  it('write an instant as the day and time it was in Paris, in winter and in summer', () => {
    expect(formatParisDate(new Date('2026-11-23T10:30:00+01:00'))).toBe('23/11/2026');
    expect(formatParisTime(new Date('2026-11-23T10:30:00+01:00'))).toBe('10:30');
    expect(formatParisTime(new Date('2026-07-14T08:05:00Z'))).toBe('10:05');
  });

  it('count the day in Paris, not in the browser’s time zone', () => {
    // 23:30 in UTC on the 31st is already the next year in Paris.
    const instant = new Date('2026-12-31T23:30:00Z');

    expect(formatParisDate(instant)).toBe('01/01/2027');
    expect(formatParisTime(instant)).toBe('00:30');
  });
});

describe('parisIsoDate', () => {
  it('gives the day it is in Paris, as YYYY-MM-DD, whatever the browser’s time zone', () => {
    expect(parisIsoDate(new Date('2026-12-06T12:00:00Z'))).toBe('2026-12-06');
    // 23:30 in UTC is already the next day in Paris, in winter (UTC+1) and in summer (UTC+2).
    expect(parisIsoDate(new Date('2026-12-06T23:30:00Z'))).toBe('2026-12-07');
    expect(parisIsoDate(new Date('2027-07-14T22:30:00Z'))).toBe('2027-07-15');
  });
});

describe('once', () => {
  it('makes nothing until asked, then makes once and keeps it', () => {
    const make = vi.fn(() => ({ made: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    const first = value();
    expect(value()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps an undefined result rather than making it again', () => {
    const make = vi.fn(() => undefined);
    const value = once(make);
    value();
    value();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
