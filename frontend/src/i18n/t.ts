import { type MessageOverrides, readBrand } from '@/config/brand';
import { catalogueText, type MessageKey } from './catalogue';

export { addMessages, isMessageKey, type MessageKey } from './catalogue';

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The partner's wording (`messages` of the brand block in index.html), read once, for the
 * first text asked for, rather than set later by main.tsx, so that every text, the first one
 * included, is the partner's. Not when this module is evaluated: the build evaluates the
 * routes files, which import it, outside a page (`build/route-manifest.ts`).
 */
let overrides: MessageOverrides | undefined;

const placeholder = /\{(\w+)\}/g;

/**
 * Returns the text for `key` (the partner's override, else the catalogue's), replacing each
 * `{name}` with `params.name`. A placeholder without a matching parameter is left as is, so
 * the omission shows on screen instead of silently producing a sentence with a hole in it.
 *
 * Throws for a key whose section has not been added (see `catalogue.ts`): a mistake in which
 * code imports which section, which `sections.test.ts` looks for, and which must never show
 * the member a key or a blank.
 */
export function t(key: MessageKey, params?: MessageParams): string {
  overrides ??= readBrand().messages;
  const message = overrides[key] ?? catalogueText(key);
  if (message === undefined) throw new Error(`The catalogue section of "${key}" is not loaded`);
  if (!params) return message;
  return message.replace(placeholder, (match, name: string) => {
    const value = params[name];
    return value === undefined ? match : String(value);
  });
}
