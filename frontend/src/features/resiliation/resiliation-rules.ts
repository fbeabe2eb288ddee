import { parseIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';

/**
 * A preview of the rules of termination (Code de la mutualité), so that the member chooses
 * knowingly: at the yearly renewal with two months' notice (L221-10), at any time after a
 * year of membership (L221-10-2, loi 2019-733), or on a change of situation (L221-17), the
 * latter two one month after the mutual receives the notice. The member API decides: it
 * refuses a motif or an event date the law does not allow, and its end date is the one the
 * acknowledgement states, whatever this preview said.
 */

export type Contrat = MemberApi<'Contrat'>;
export type MotifResiliation = MemberApi<'MotifResiliation'>;

/** Only an individual contract in force can be terminated by its member. */
export function contratsResiliables(contrats: readonly Contrat[]): Contrat[] {
  return contrats.filter((contrat) => contrat.typeContrat === 'INDIVIDUEL' && contrat.statut === 'ACTIF');
}

/** `date` moved by `months`, on the month's last day when it has no such day (31/01 + 1 → 28/02). */
export function addMonths(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() + months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), lastDay));
}

function startOfDay(date: Date): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate());
}

/** A year of membership or more: the right to leave at any time (loi 2019-733). */
export function adherentDepuisUnAn(contrat: Contrat, today: Date): boolean {
  const debut = parseIsoDate(contrat.dateDebut);
  return debut !== null && addMonths(debut, 12) <= startOfDay(today);
}

/** The reasons the member can give for this contract, in the form's order. */
export function motifsPour(contrat: Contrat, today: Date): MotifResiliation[] {
  return [
    ...(adherentDepuisUnAn(contrat, today) ? (['RESILIATION_INFRA_ANNUELLE'] as const) : []),
    'ECHEANCE',
    'ADHESION_CONTRAT_COLLECTIF',
    'DEMENAGEMENT_ETRANGER',
    'AUTRE',
  ];
}

/** The reasons that take effect one month after the notice is received. */
const unMoisApres: readonly MotifResiliation[] = [
  'RESILIATION_INFRA_ANNUELLE',
  'ADHESION_CONTRAT_COLLECTIF',
  'DEMENAGEMENT_ETRANGER',
];

/**
 * The first yearly renewal (the anniversary of the start) at least two months away: a notice
 * sent later than that ends the contract at the following one (L221-10).
 */
export function prochaineEcheanceAnnuelle(contrat: Contrat, today: Date): Date {
  const debut = parseIsoDate(contrat.dateDebut) ?? startOfDay(today);
  const preavis = addMonths(startOfDay(today), 2);
  let years = 1;
  while (addMonths(debut, 12 * years) < preavis) years += 1;
  return addMonths(debut, 12 * years);
}

/**
 * When the contract should end, for a notice received `today`: one month later for the right
 * to leave at any time and the changes of situation, else at the renewal. For another reason
 * the renewal is the date the law guarantees; the mutual may agree to an earlier one. Shown
 * as a preview only: the mutual's date is the one it computes on receiving the notice.
 */
export function dateFinContrat(motif: MotifResiliation, contrat: Contrat, today: Date): Date {
  return unMoisApres.includes(motif) ? addMonths(startOfDay(today), 1) : prochaineEcheanceAnnuelle(contrat, today);
}
