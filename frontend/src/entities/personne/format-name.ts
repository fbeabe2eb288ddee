/**
 * "marie-claire" → "Marie-Claire", "JEAN" → "Jean": each word, and each part of a hyphenated
 * or elided name, starts with a capital (the first name in title case,
 * docs/product/shell.md#how-the-members-name-is-written).
 *
 * Unicode's default case mapping: French has no casing rule of its own (only Turkish,
 * Azerbaijani and Lithuanian do), and the locale-aware methods load the engine's locale data
 * on their first call, during the first render of every page that shows the member's name.
 */
export function titleCase(name: string): string {
  return name
    .toLowerCase()
    .replace(/(^|[\s'’-])(\p{L})/gu, (_, separator: string, letter: string) => separator + letter.toUpperCase());
}

/** "Mme Marie DUPONT": civility, first name in title case, last name in upper case. */
export function memberDisplayName(civilite: string, prenom: string, nom: string): string {
  return [civilite.trim(), titleCase(prenom.trim()), nom.trim().toUpperCase()]
    .filter((part) => part !== '')
    .join(' ');
}
