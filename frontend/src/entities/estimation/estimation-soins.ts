import estimationTexts from '@/i18n/fr/estimation.json';
import { addMessages, type MessageKey, t } from '@/i18n/t';
import type { MemberApi } from '@/types/member-api';

addMessages(estimationTexts);

/**
 * The kinds of care « Estimer mon remboursement » knows (`SoinEstime`), as the member reads
 * them, and what each asks beyond its price. Shared: the estimation page and a quote's request
 * both ask for them. The member API decides every rule; these only shape the form (which
 * questions to ask), never the answer.
 */
export type SoinEstime = MemberApi<'SoinEstime'>;

/** The mutual's partners who provide a domain's care (no osteopathy is estimated). */
export type SpecialiteDuSoin = Exclude<MemberApi<'SpecialitePartenaire'>, 'OSTEOPATHE'>;

export interface SoinGroup {
  id: string;
  label: MessageKey;
  soins: readonly SoinEstime[];
  /** Who provides the domain's care among the mutual's partners; none for a hospital stay. */
  partenaire: SpecialiteDuSoin | null;
}

/** The form's choices, by domain, in the order of the `<select>`'s groups. */
export const soinGroups: readonly SoinGroup[] = [
  {
    id: 'optique',
    label: 'estimation.domaine.optique',
    soins: ['OPTIQUE_VERRES_SIMPLES', 'OPTIQUE_VERRES_COMPLEXES', 'OPTIQUE_VERRES_TRES_COMPLEXES', 'OPTIQUE_LENTILLES'],
    partenaire: 'OPTICIEN',
  },
  {
    id: 'dentaire',
    label: 'estimation.domaine.dentaire',
    soins: [
      'DENTAIRE_COURONNE',
      'DENTAIRE_BRIDGE',
      'DENTAIRE_IMPLANT',
      'DENTAIRE_PROTHESE_AMOVIBLE',
      'DENTAIRE_ORTHODONTIE',
    ],
    partenaire: 'DENTISTE',
  },
  {
    id: 'audiologie',
    label: 'estimation.domaine.audiologie',
    soins: ['AUDIOLOGIE_AIDE_AUDITIVE'],
    partenaire: 'AUDIOPROTHESISTE',
  },
  {
    id: 'hospitalisation',
    label: 'estimation.domaine.hospitalisation',
    soins: ['HOSPITALISATION_CHAMBRE_PARTICULIERE', 'HOSPITALISATION_DEPASSEMENTS'],
    partenaire: null,
  },
];

const soins: readonly SoinEstime[] = soinGroups.flatMap((group) => group.soins);

export function isSoinEstime(value: unknown): value is SoinEstime {
  return typeof value === 'string' && (soins as readonly string[]).includes(value);
}

/** The mutual's partners who provide `soin` (« Trouver un opticien partenaire »), if any. */
export function partenaireDuSoin(soin: SoinEstime): SpecialiteDuSoin | null {
  return soinGroups.find((group) => group.soins.includes(soin))?.partenaire ?? null;
}

/** « Lunettes : monture et verres simples », « Couronne »… */
export function soinLabel(soin: SoinEstime): string {
  return t(`estimation.soin.${soin}`);
}

/**
 * The care that has a 100 % Santé basket (optical class A, dental « reste à charge zéro »,
 * hearing aids class I): the member API refuses `centPourCentSante` for any other, so the
 * form asks the question only for these.
 */
const panier100: ReadonlySet<SoinEstime> = new Set<SoinEstime>([
  'OPTIQUE_VERRES_SIMPLES',
  'OPTIQUE_VERRES_COMPLEXES',
  'OPTIQUE_VERRES_TRES_COMPLEXES',
  'DENTAIRE_COURONNE',
  'DENTAIRE_BRIDGE',
  'DENTAIRE_PROTHESE_AMOVIBLE',
  'AUDIOLOGIE_AIDE_AUDITIVE',
]);

export function hasPanier100(soin: SoinEstime): boolean {
  return panier100.has(soin);
}

/**
 * What `quantite` counts for `soin`: ears for hearing aids (1 or 2), nights for a private
 * room; `null` for any other care, which is one of its kind and is not asked.
 */
export function quantiteKind(soin: SoinEstime): 'oreilles' | 'nuits' | null {
  if (soin === 'AUDIOLOGIE_AIDE_AUDITIVE') return 'oreilles';
  if (soin === 'HOSPITALISATION_CHAMBRE_PARTICULIERE') return 'nuits';
  return null;
}

/** The member API's most nights for a private room. */
export const nuitsMax = 60;

/** Fees beyond the official rate are paid on the base the quote gives: the member API requires it. */
export function needsBaseSecu(soin: SoinEstime): boolean {
  return soin === 'HOSPITALISATION_DEPASSEMENTS';
}
