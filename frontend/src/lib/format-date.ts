import { missingValue } from './missing-value';

/**
 * Dates as the member reads them: dd/MM/yyyy (docs/product/validation.md#dates). Written out rather
 * than through `Intl.DateTimeFormat`: the first French formatter costs a phone tens of milliseconds
 * of locale data during the page's first render, for two digits, two digits and a year.
 */
export function formatDate(date: Date): string {
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${fourDigits(date.getFullYear())}`;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

function fourDigits(value: number): string {
  return String(value).padStart(4, '0');
}

/**
 * The time of `date` in the browser's time zone, HH:mm: for what happened on the member's
 * own devices (a sign-in), read where they are. The mutual's records use `formatParisTime`.
 * Written out, as `formatDate` is: the open sessions are on the personal information page's
 * first render.
 */
export function formatTime(date: Date): string {
  return `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;
}

/**
 * An instant the API sent (RFC 3339, with its offset), or `null` when it is not one: no
 * "Invalid Date" reaching the screen.
 */
export function parseInstant(value: string | null | undefined): Date | null {
  if (!value) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `YYYY-MM-DD` (docs/product/validation.md#dates) with a four-digit year from 1000 to 9999 (and a
 * day that exists in its month), as a local date at midnight; anything else is no date at all,
 * rather than the nearest date `Date` would roll over to ("2026-02-30" is not the 2nd of March).
 */
export function parseIsoDate(value: string | null | undefined): Date | null {
  const match = isoDate.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  if (year < 1000) return null;
  const date = new Date(year, month - 1, day);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}

/** Dates travel as `YYYY-MM-DD`, the local calendar day (docs/product/validation.md#dates). */
export function toIsoDate(date: Date): string {
  return `${fourDigits(date.getFullYear())}-${twoDigits(date.getMonth() + 1)}-${twoDigits(date.getDate())}`;
}

/** An API date (`YYYY-MM-DD`) as dd/MM/yyyy, or '-' when there is none or it is not valid. */
export function formatIsoDate(value: string | null | undefined): string {
  const date = parseIsoDate(value);
  return date ? formatDate(date) : missingValue;
}

/**
 * `make()`, called the first time the returned function is, and its result kept. For the
 * `Intl` formatters: building one costs a phone a few milliseconds of locale data each, which
 * at module level every page would pay while its first script runs, even for formats it never
 * shows.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/**
 * An instant (a timestamp with its offset) as the day and the time it was in France: what the
 * mutual's records say, wherever the member's browser is.
 */
const parisDay = once(
  () =>
    new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
    }),
);
const parisTime = once(
  () => new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' }),
);

/** The day of `instant` in Paris, dd/MM/yyyy. */
export function formatParisDate(instant: Date): string {
  return parisDay().format(instant);
}

/** The time of `instant` in Paris, HH:mm. */
export function formatParisTime(instant: Date): string {
  return parisTime().format(instant);
}

/**
 * The day it is in Paris at `instant`, `YYYY-MM-DD`: the mutual's day, by which the member API
 * counts its rules on dates (a stay's entry, today or later), wherever the member's browser is.
 */
export function parisIsoDate(instant: Date): string {
  const parts = new Map(parisDay().formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.get('year') ?? ''}-${parts.get('month') ?? ''}-${parts.get('day') ?? ''}`;
}
