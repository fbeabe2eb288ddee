/** The partner mutual's brand (`[brand]` of the server's configuration). */
export interface Brand {
  name: string;
  /** The name in "Remb. {provider}". */
  provider: string;
  publicSiteUrl: string;
  feedbackUrl: string;
  primaryColor: string;
  logoUrl: string;
  /** The accessibility statement's parts (`[accessibilite]` of the configuration). */
  accessibilite: Accessibilite;
  /** The consumer mediator a member may refer a refused complaint to (`[mediateur]`). */
  mediateur: Mediateur;
  /**
   * The partner's own wording (`[messages]`): only the texts it changes, by catalogue key,
   * each keeping the original's `{placeholders}` (the server checks both).
   */
  messages: MessageOverrides;
  /** The anti-robot check of the writes a script would abuse (`[captcha]`). */
  captcha: CaptchaSetting;
  /**
   * Days after the last sign-in on a device past which the card kept there for offline use is
   * erased (`entities/carte-tp/saved-card.ts`; `[session] kept_card_days`): a positive whole number.
   */
  keptCardDays: number;
  /**
   * The phone wallets the card can be added to (`[wallet]`): the card page offers « Ajouter à
   * Apple Wallet » and « Ajouter à Google Wallet » only for those the partner set up.
   */
  wallets: Wallets;
}

export interface Wallets {
  apple: boolean;
  google: boolean;
}

/**
 * By catalogue key. The keys are not checked here: the first script has only the sections of
 * the catalogue it shows, and the server has already refused a key the catalogue lacks (and
 * `t()` is only ever asked for catalogue keys, so one slipping through would show nowhere).
 */
export type MessageOverrides = Readonly<Partial<Record<string, string>>>;

/**
 * ALTCHA: a proof of work the browser solves against the portal's own challenge (nothing
 * leaves for a third party); or hCaptcha's hosted widget, with its public site key; or none.
 * Friendly Captcha is not offered: its widget (`friendly-challenge`) starts its workers from
 * `blob:` URLs and injects a `<style>` element, both forbidden by the Content-Security-Policy.
 */
export type CaptchaSetting =
  | { provider: 'none' }
  | { provider: 'altcha' }
  | { provider: 'hcaptcha'; siteKey: string };

/**
 * The mediator of the consumer (Code de la consommation L612-1), whom the answer to a refused
 * complaint must name, with where to write to them.
 */
export interface Mediateur {
  nom: string;
  /** The postal address, one line each. */
  adresse: string[];
  /** Where to refer a complaint online (http or https). */
  site: string;
}

export interface Accessibilite {
  etat: 'non conforme' | 'partiellement conforme' | 'totalement conforme';
  /** Percent of RGAA criteria met at the last audit; `null` before any audit. */
  tauxConformite: number | null;
  /** YYYY-MM-DD. */
  dateAudit: string | null;
  auditeur: string | null;
  nonConformites: string[];
  derogations: string[];
  contactEmail: string;
  contactUrl: string | null;
}

const defaultAccessibilite: Accessibilite = {
  etat: 'non conforme',
  tauxConformite: null,
  dateAudit: null,
  auditeur: null,
  nonConformites: [],
  derogations: [],
  contactEmail: 'accessibilite@example.org',
  contactUrl: null,
};

const defaultMediateur: Mediateur = {
  nom: 'Médiateur de la Mutualité française',
  adresse: ['FNMF', '255 rue de Vaugirard', '75719 Paris Cedex 15'],
  site: 'https://www.mediateur-mutualite.fr/',
};

/** The server's own defaults, used by `npm run dev` and the component tests (no server). */
export const defaultBrand: Brand = {
  name: 'Mutuelle Cogévie',
  provider: 'Cogévie',
  publicSiteUrl: 'https://www.example.org/',
  feedbackUrl: 'https://www.example.org/avis',
  primaryColor: '#0b5fa5',
  logoUrl: '/logo.svg',
  accessibilite: defaultAccessibilite,
  mediateur: defaultMediateur,
  messages: {},
  captcha: { provider: 'none' },
  keptCardDays: 7,
  wallets: { apple: false, google: false },
};

function stringField(
  source: Record<string, unknown>,
  name: Exclude<keyof Brand, 'accessibilite' | 'mediateur' | 'messages' | 'captcha' | 'keptCardDays' | 'wallets'>,
): string {
  const value = source[name];
  return typeof value === 'string' && value !== '' ? value : defaultBrand[name];
}

const etats = ['non conforme', 'partiellement conforme', 'totalement conforme'] as const;

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function textOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The statement's parts, each falling back to the default when missing or malformed. */
function readAccessibilite(value: unknown): Accessibilite {
  if (typeof value !== 'object' || value === null) return defaultAccessibilite;
  const source = value as Record<string, unknown>;
  return {
    etat: etats.find((etat) => etat === source.etat) ?? defaultAccessibilite.etat,
    tauxConformite: typeof source.tauxConformite === 'number' ? source.tauxConformite : null,
    dateAudit: textOrNull(source.dateAudit),
    auditeur: textOrNull(source.auditeur),
    nonConformites: strings(source.nonConformites),
    derogations: strings(source.derogations),
    contactEmail: textOrNull(source.contactEmail) ?? defaultAccessibilite.contactEmail,
    contactUrl: textOrNull(source.contactUrl),
  };
}

const webAddress = /^https?:\/\/[^\s]+$/i;

/**
 * The mediator, whole or not at all: a partner's mediator named with the default one's
 * address would send the member's letter to the wrong office, so any missing or malformed
 * part (an empty name, no address line, a site that is not a web address) means the default.
 */
function readMediateur(value: unknown): Mediateur {
  if (typeof value !== 'object' || value === null) return defaultMediateur;
  const source = value as Record<string, unknown>;
  const nom = textOrNull(source.nom);
  const adresse = Array.isArray(source.adresse) ? source.adresse : [];
  const lines = strings(adresse).filter((line) => line.trim() !== '');
  const site = textOrNull(source.site);
  if (nom === null || lines.length === 0 || lines.length !== adresse.length || site === null) {
    return defaultMediateur;
  }
  return webAddress.test(site) ? { nom, adresse: lines, site } : defaultMediateur;
}

/**
 * The overrides that can apply: a value that is not a text, or empty (no label of this app is
 * meant to be blank), is dropped, one by one.
 */
function readMessages(value: unknown): MessageOverrides {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const messages: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) {
    if (typeof text === 'string' && text !== '') messages[key] = text;
  }
  return messages;
}

/**
 * The check the server asks for. Missing or malformed means none, not ALTCHA: the server
 * always writes the field, so only `npm run dev` and the component tests (no server, nothing
 * to check the answers) go without it, and hCaptcha cannot be shown without its site key.
 */
function readCaptcha(value: unknown): CaptchaSetting {
  if (typeof value !== 'object' || value === null) return defaultBrand.captcha;
  const { provider, siteKey } = value as Record<string, unknown>;
  if (provider === 'altcha') return { provider };
  if (provider === 'hcaptcha' && typeof siteKey === 'string' && siteKey !== '') return { provider, siteKey };
  return defaultBrand.captcha;
}

/**
 * A positive whole number of days, else the default. The server validates the setting; the
 * check here keeps a bad value (0, negative) from erasing the card at every read.
 */
function readKeptCardDays(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : defaultBrand.keptCardDays;
}

/** Each wallet on only when the server says so: a button for a wallet not set up would fail. */
function readWallets(value: unknown): Wallets {
  if (typeof value !== 'object' || value === null) return defaultBrand.wallets;
  const { apple, google } = value as Record<string, unknown>;
  return { apple: apple === true, google: google === true };
}

/**
 * Reads the brand the server put in `index.html` as `<script type="application/json"
 * id="brand">` (a data block, so the Content-Security-Policy needs no exception for it).
 * Any missing or malformed field falls back to the default rather than breaking start-up.
 */
export function readBrand(doc: Document = document): Brand {
  const text = doc.getElementById('brand')?.textContent;
  if (!text) return defaultBrand;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return defaultBrand;
  }
  if (typeof parsed !== 'object' || parsed === null) return defaultBrand;
  const source = parsed as Record<string, unknown>;
  return {
    name: stringField(source, 'name'),
    provider: stringField(source, 'provider'),
    publicSiteUrl: stringField(source, 'publicSiteUrl'),
    feedbackUrl: stringField(source, 'feedbackUrl'),
    primaryColor: stringField(source, 'primaryColor'),
    logoUrl: stringField(source, 'logoUrl'),
    accessibilite: readAccessibilite(source.accessibilite),
    mediateur: readMediateur(source.mediateur),
    messages: readMessages(source.messages),
    captcha: readCaptcha(source.captcha),
    keptCardDays: readKeptCardDays(source.keptCardDays),
    wallets: readWallets(source.wallets),
  };
}

const hexColour = /^#(?:[\da-f]{3}|[\da-f]{6})$/i;

/**
 * Sets `--brand-primary` through the CSSOM: the policy forbids inline `style` attributes in
 * the markup, not styles set from an allowed script. The server validates the colour; the
 * check here keeps a bad value from blanking every button.
 */
export function applyBrandColour(brand: Brand, root: HTMLElement = document.documentElement): void {
  if (hexColour.test(brand.primaryColor)) {
    root.style.setProperty('--brand-primary', brand.primaryColor);
  }
}
