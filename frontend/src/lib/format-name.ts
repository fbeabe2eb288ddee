/**
 * "marie-claire" → "Marie-Claire", "JEAN" → "Jean": each word, and each part of a hyphenated
 * or elided name, starts with a capital (SPEC.md §2, first name in title case).
 */
export function titleCase(name: string): string {
  return name
    .toLocaleLowerCase('fr')
    .replace(
      /(^|[\s'’-])(\p{L})/gu,
      (_, separator: string, letter: string) => separator + letter.toLocaleUpperCase('fr'),
    );
}

/** "Mme Marie DUPONT": civility, first name in title case, last name in upper case. */
export function memberDisplayName(civilite: string, prenom: string, nom: string): string {
  return [civilite.trim(), titleCase(prenom.trim()), nom.trim().toLocaleUpperCase('fr')]
    .filter((part) => part !== '')
    .join(' ');
}
