/** The partner mutual's brand (`[brand]` of the server's configuration). */
export interface Brand {
  name: string;
  /** The name in "Remb. {provider}". */
  provider: string;
  publicSiteUrl: string;
  feedbackUrl: string;
  primaryColor: string;
  logoUrl: string;
}

/** The server's own defaults, used by `npm run dev` and the component tests (no server). */
export const defaultBrand: Brand = {
  name: 'Mutuelle Cogévie',
  provider: 'Cogévie',
  publicSiteUrl: 'https://www.example.org/',
  feedbackUrl: 'https://www.example.org/avis',
  primaryColor: '#0b5fa5',
  logoUrl: '/logo.svg',
};

function stringField(source: Record<string, unknown>, name: keyof Brand): string {
  const value = source[name];
  return typeof value === 'string' && value !== '' ? value : defaultBrand[name];
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
