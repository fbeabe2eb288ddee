import { readBrand } from '@/lib/brand';
import { catalogue, type MessageKey } from './catalogue';

export { isMessageKey, type MessageKey } from './catalogue';

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The partner's wording (`messages` of the brand block in index.html), read when this module
 * is first evaluated rather than set later by main.tsx: some modules build texts once, when
 * they load (the forms' validation messages), and must get the partner's too.
 */
const overrides = readBrand().messages;

const placeholder = /\{(\w+)\}/g;

/**
 * Returns the text for `key` (the partner's override, else the catalogue's), replacing each
 * `{name}` with `params.name`. A placeholder without a matching parameter is left as is, so
 * the omission shows on screen instead of silently producing a sentence with a hole in it.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  const message = overrides[key] ?? catalogue[key];
  if (!params) return message;
  return message.replace(placeholder, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}
