import fr from './fr.json';

/**
 * The French catalogue on its own, apart from `t()`: the brand (`lib/brand.ts`) checks a
 * partner's overrides against its keys, and `t()` reads those overrides from the brand, so
 * the keys cannot live in `t.ts` without the two importing each other.
 */
export const catalogue = fr;

/** Every key of the French catalogue: a typo in a key is a type error, not a blank label. */
export type MessageKey = keyof typeof fr;

/** Whether `key`, built at run time from data (a code, a state), is in the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(fr, key);
}
