import { z } from 'zod';
import type { InfosPersonnelles } from '@/api/get-infos';
import { message } from '@/i18n/form-message';
import type { RechercheReseau, SpecialitePartenaire } from './api/get-reseau-soins';

/**
 * The search form of « Trouver un professionnel partenaire »: its values, its rules and the
 * search it sends. The browser only checks that a kind and a place are given; the member API
 * finds the place, or says why it cannot (422).
 */

/** The kinds of partner, in the order the form offers them. */
export const specialites = ['OPTICIEN', 'DENTISTE', 'AUDIOPROTHESISTE', 'OSTEOPATHE'] as const satisfies readonly SpecialitePartenaire[];

export function isSpecialite(value: unknown): value is SpecialitePartenaire {
  return typeof value === 'string' && (specialites as readonly string[]).includes(value);
}

/** The distances offered, in kilometres; the member API takes 1 to 100, 20 when none is asked. */
export const rayonsKm = [5, 10, 20, 50, 100] as const;
const rayonParDefautKm = 20;

/** The longest place the member API takes: a commune's name of 60 characters. */
export const lieuMax = 60;

/** Everything as the inputs give it: strings, '' for nothing chosen or typed. */
export interface RechercheValues {
  specialite: string;
  lieu: string;
  rayonKm: string;
}

/** The values once checked: a kind of partner, a place trimmed, a distance. */
export type RechercheSaisie = Omit<RechercheReseau, 'commune'>;

export const rechercheSchema: z.ZodType<RechercheSaisie, RechercheValues> = z.object({
  specialite: z.string().pipe(z.enum(specialites, message('reseauSoins.erreur.specialite'))),
  lieu: z.string().trim().min(1, message('reseauSoins.erreur.lieu')),
  rayonKm: z.string().transform(Number),
});

type Adresse = InfosPersonnelles['adresse'];

/**
 * The form's first values: the kind the address asks for (`?specialite=`, an estimate's link),
 * when it is one; the member's own postal code, when French (another country's code would only
 * be refused); 20 km.
 */
export function rechercheInitiale(specialite: string | null, adresse: Adresse | null): RechercheValues {
  return {
    specialite: isSpecialite(specialite) ? specialite : '',
    lieu: adresse && /^\d{5}$/.test(adresse.codePostal) ? adresse.codePostal : '',
    rayonKm: String(rayonParDefautKm),
  };
}

/**
 * The search sent for `saisie`. While the place is the member's own postal code, their commune
 * goes with it: a postal code serving several villages would otherwise be searched around the
 * centre of them all, not around the member's home.
 */
export function rechercheReseau(saisie: RechercheSaisie, adresse: Adresse | null): RechercheReseau {
  const chezSoi = adresse !== null && saisie.lieu === adresse.codePostal;
  return { ...saisie, commune: chezSoi ? adresse.commune : undefined };
}
