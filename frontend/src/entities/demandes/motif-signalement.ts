import demandeLabelsTexts from '@/i18n/fr/demande-labels.json';
import { addMessages, t } from '@/i18n/t';
import type { MemberApi } from '@/types/member-api';

addMessages(demandeLabelsTexts);

/** Why the member does not recognise a care (`SignalementSoin.motif`). */
export type MotifSignalement = MemberApi<'SignalementSoin'>['motif'];

/**
 * In the order the report offers them: the care never given first (the fraud the report is
 * for), « Autre motif » last, as it asks for the member's own words.
 */
export const motifsSignalement: readonly MotifSignalement[] = [
  'SOIN_NON_RECU',
  'MONTANT_DIFFERENT',
  'PROFESSIONNEL_INCONNU',
  'AUTRE',
];

export function isMotifSignalement(value: string): value is MotifSignalement {
  return (motifsSignalement as readonly string[]).includes(value);
}

/**
 * The motif in the member's words, on the report and on the request's page; one the
 * catalogue does not know reads as the member API wrote it.
 */
export function motifSignalementLabel(motif: string): string {
  return isMotifSignalement(motif) ? t(`signalement.motif.${motif}`) : motif;
}
