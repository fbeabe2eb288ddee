import { type MessageKey, type MessageParams, t } from './t';

/**
 * A form rule's message (zod's `error`), read from the catalogue when the rule fails rather
 * than when its schema is built: a schema is built as its module loads, which may be before
 * the catalogue section with its texts has been added (see `i18n/catalogue.ts`).
 */
export function message(key: MessageKey, params?: MessageParams): { error: () => string } {
  return { error: () => t(key, params) };
}
