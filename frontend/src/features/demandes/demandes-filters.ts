import { isDemandeTerminee } from '@/lib/demande-labels';
import { oneOf, positiveInteger } from '@/lib/search-params';

/** The list's filter and page, kept in the address (`?etat=en-cours&page=2`). */
export const etats = ['toutes', 'en-cours', 'traitees'] as const;
export type EtatFiltre = (typeof etats)[number];

export interface DemandesFilters {
  etat: EtatFiltre;
  page: number;
}

export function readDemandesFilters(params: URLSearchParams): DemandesFilters {
  return {
    etat: oneOf(etats, params.get('etat')) ?? 'toutes',
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The query for `filters`, defaults (all requests, page 1) left out. */
export function writeDemandesFilters(filters: DemandesFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.etat !== 'toutes') params.set('etat', filters.etat);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function filterDemandes<T extends { Etat: string }>(demandes: readonly T[], etat: EtatFiltre): T[] {
  if (etat === 'toutes') return [...demandes];
  const terminees = etat === 'traitees';
  return demandes.filter((demande) => isDemandeTerminee(demande.Etat) === terminees);
}

/** Newest first, by creation day then by number (two requests of the same day). */
export function newestFirst<T extends { DateCreation: string; id: number }>(demandes: readonly T[]): T[] {
  return [...demandes].sort(
    (a, b) => b.DateCreation.localeCompare(a.DateCreation) || b.id - a.id,
  );
}
