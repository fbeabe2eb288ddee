import { positiveInteger } from '@/lib/search-params';
import type { PrestationsQuery } from '@/api/get-prestations';

/**
 * The year and the person "Mon année santé" shows, kept in the address (`?annee=2025&
 * beneficiaire=3`) so that a reload or a shared link shows the same figures. A year that
 * cannot be read or is not offered falls back to the current one, never an error.
 */

/** The current year and the four before it. */
const anneesOffertes = 5;

export interface AnneeSanteFilters {
  annee: number;
  /** A beneficiary's id; none for every person covered. */
  beneficiaire?: number | undefined;
}

/** The years to choose from, as of `today`, the current one first. */
export function anneesProposees(today: Date): number[] {
  return Array.from({ length: anneesOffertes }, (_, index) => today.getFullYear() - index);
}

export function readAnneeSanteFilters(params: URLSearchParams, today: Date): AnneeSanteFilters {
  const annee = positiveInteger(params.get('annee'));
  return {
    annee: annee !== undefined && anneesProposees(today).includes(annee) ? annee : today.getFullYear(),
    beneficiaire: positiveInteger(params.get('beneficiaire')),
  };
}

/** The year is always written: a link shared in January still shows the year it showed. */
export function writeAnneeSanteFilters(filters: AnneeSanteFilters): URLSearchParams {
  const params = new URLSearchParams({ annee: String(filters.annee) });
  if (filters.beneficiaire !== undefined) params.set('beneficiaire', String(filters.beneficiaire));
  return params;
}

/** Every payment made in the year, for one beneficiary or all. */
export function anneeSanteQuery(filters: AnneeSanteFilters): PrestationsQuery {
  const annee = String(filters.annee);
  return {
    dateDebut: `${annee}-01-01`,
    dateFin: `${annee}-12-31`,
    idBeneficiaire: filters.beneficiaire,
  };
}
