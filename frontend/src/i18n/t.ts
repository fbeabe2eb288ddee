import fr from './fr.json';

/** Every key of the French catalogue: a typo in a key is a type error, not a blank label. */
export type MessageKey = keyof typeof fr;

export type MessageParams = Readonly<Record<string, string | number>>;

/** Whether `key`, built at run time from data (a code, a state), is in the catalogue. */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(fr, key);
}

const placeholder = /\{(\w+)\}/g;

/**
 * Returns the French text for `key`, replacing each `{name}` with `params.name`.
 * A placeholder without a matching parameter is left as is, so the omission shows on screen
 * instead of silently producing a sentence with a hole in it.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const message = fr[key];
  if (!params) return message;
  return message.replace(placeholder, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}
