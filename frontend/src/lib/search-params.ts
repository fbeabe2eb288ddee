/**
 * Reading values a list keeps in its address (`?page=2&etat=en-cours`). A value that cannot be
 * read is left out, never an error: a hand-edited or old link still shows the list.
 */

/** `value` when it is one of `values`. */
export function oneOf<T extends string>(values: readonly T[], value: string | null): T | undefined {
  return values.find((candidate) => candidate === value);
}

/** A whole number from 1 up, written in plain digits. */
export function positiveInteger(value: string | null): number | undefined {
  if (value === null || !/^\d{1,9}$/.test(value)) return undefined;
  const number = Number(value);
  return number > 0 ? number : undefined;
}
