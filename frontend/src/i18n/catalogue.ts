import common from './fr/common.json';

/**
 * The French catalogue, in sections: `fr/<section>.json`, each a flat object of keys and
 * texts, no key in two of them (the server serves them merged, with a partner's overrides,
 * as `/assets/i18n/fr.json`). `common` (the landing's texts, and the few every section
 * shares) comes with the first script; each other section is imported by the code that shows
 * its texts (a page, a shared component) and added here when that code is evaluated, before
 * it renders anything: a page's texts arrive with its code, and a page never loads another's.
 *
 * The sections' types only, for `MessageKey`: nothing here bundles them.
 */
type Catalogue = typeof common &
  typeof import('./fr/accessibilite.json') &
  typeof import('./fr/ajout-beneficiaire.json') &
  typeof import('./fr/annee-sante.json') &
  typeof import('./fr/attestations.json') &
  typeof import('./fr/carte-tp.json') &
  typeof import('./fr/compte.json') &
  typeof import('./fr/compte-bancaire.json') &
  typeof import('./fr/content.json') &
  typeof import('./fr/cookies.json') &
  typeof import('./fr/creation.json') &
  typeof import('./fr/delegation.json') &
  typeof import('./fr/demande-labels.json') &
  typeof import('./fr/delegation-banner.json') &
  typeof import('./fr/demandes.json') &
  typeof import('./fr/error.json') &
  typeof import('./fr/estimation.json') &
  typeof import('./fr/fallback.json') &
  typeof import('./fr/garanties.json') &
  typeof import('./fr/home.json') &
  typeof import('./fr/home-notices.json') &
  typeof import('./fr/noemie.json') &
  typeof import('./fr/paiement.json') &
  typeof import('./fr/reconnexion.json') &
  typeof import('./fr/remboursements.json') &
  typeof import('./fr/reseau-soins.json') &
  typeof import('./fr/resiliation.json') &
  typeof import('./fr/shell.json') &
  typeof import('./fr/signalement.json');

/** Every key of the French catalogue: a typo in a key is a type error, not a blank label. */
export type MessageKey = keyof Catalogue;

const loaded: Partial<Record<MessageKey, string>> = { ...common };

/**
 * Adds a section of the catalogue, as its module imported it. Called once the module that
 * needs it is evaluated (`addMessages(section)` beside `import section from
 * '@/i18n/fr/<section>.json'`); a section added twice changes nothing. Its keys must all be
 * `MessageKey`s: a section missing from `Catalogue` above is a type error here.
 */
export function addMessages<K extends MessageKey>(section: Readonly<Record<K, string>>): void {
  Object.assign(loaded, section);
}

/** The catalogue's text for `key`, or `undefined` while its section has not been added. */
export function catalogueText(key: MessageKey): string | undefined {
  return loaded[key];
}

/**
 * Whether `key`, built at run time from data (a code, a state), is in the catalogue. Only the
 * sections added so far are known: code that builds keys adds the section they belong to.
 */
export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(loaded, key);
}
