import demandeLabelsTexts from '@/i18n/fr/demande-labels.json';
import { addMessages, isMessageKey, t } from '@/i18n/t';
import type { MemberApi } from '@/types/member-api';

addMessages(demandeLabelsTexts);

/**
 * These states mean the request is done; every other one is pending
 * (docs/product/states.md#request-states).
 */
const etatsTermines: readonly string[] = ['TERMINE', 'Traité'];

export function isDemandeTerminee(etat: string): boolean {
  return etatsTermines.includes(etat);
}

/** What says where a request stands: its state, and the mutual's final answer if it has one. */
export type DemandeSuivie = Pick<MemberApi<'Demande'>, 'reclamation' | 'ajoutBeneficiaire'> & { Etat: string };

/**
 * The state a request is shown and sorted in: its `Etat`, but done (`TERMINE`) once the mutual
 * has given its final answer — a complaint upheld or refused (`reclamation.issue`), a person to
 * cover accepted or refused (`ajoutBeneficiaire.decision`) — even where the back office left
 * the state open: such a request is over, never « en cours ».
 */
export function demandeEtat(demande: DemandeSuivie): string {
  const repondue = Boolean(demande.reclamation?.issue) || Boolean(demande.ajoutBeneficiaire?.decision);
  return repondue && !isDemandeTerminee(demande.Etat) ? 'TERMINE' : demande.Etat;
}

/**
 * The label of `mutuelle.demande.typeCode.{TypeCode}`. Types outside the table of codes
 * (docs/product/limits.md#request-type-codes) have an empty code; those, and codes this catalogue
 * does not know yet, read "Demande".
 */
export function demandeTypeLabel(typeCode: string): string {
  const key = `mutuelle.demande.typeCode.${typeCode}`;
  return isMessageKey(key) ? t(key) : t('mutuelle.demande.typeSansCode');
}

/**
 * The label of `mutuelle.demande.etat.{Etat}`. The full list of states is not known
 * (docs/product/states.md#request-states): a state this catalogue lacks is pending by the rule
 * above, and reads so.
 */
export function demandeEtatLabel(etat: string): string {
  const key = `mutuelle.demande.etat.${etat}`;
  return isMessageKey(key) ? t(key) : t('mutuelle.demande.etatInconnu');
}
