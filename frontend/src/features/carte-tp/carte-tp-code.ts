import type { CarteTpShown } from '@/entities/carte-tp/saved-card';

/**
 * What the card's 2D code carries: the standard fields a professional keys in to bill the
 * mutual under tiers payant, one `NAME:value` per line, dates as YYYYMMDD. Plain text, so any
 * reader (a phone's camera, a practice's scanner) shows it as it is:
 *
 *   AMC:{numeroAmc}
 *   CONV:{typeConvention}
 *   AIG:{critereAiguillage}
 *   ADH:{numeroAdherent}
 *   VAL:{dateDebutValidite}-{dateFinValidite}
 */
export function carteTpCode(carte: CarteTpShown): string {
  const compact = (date: string) => date.replaceAll('-', '');
  return [
    `AMC:${carte.numeroAmc}`,
    `CONV:${carte.typeConvention}`,
    `AIG:${carte.critereAiguillage}`,
    `ADH:${carte.numeroAdherent}`,
    `VAL:${compact(carte.dateDebutValidite)}-${compact(carte.dateFinValidite)}`,
  ].join('\n');
}
