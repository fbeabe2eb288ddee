import { demandeEtat, type DemandeSuivie, isDemandeTerminee } from '@/entities/demandes/demande-labels';
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

/** Whether the request is over: done by its state or by the mutual's final answer. */
export function isTerminee(demande: DemandeSuivie): boolean {
  return isDemandeTerminee(demandeEtat(demande));
}

/** « En cours » keeps the open requests only: one the mutual has closed never counts there. */
export function filterDemandes<T extends DemandeSuivie>(demandes: readonly T[], etat: EtatFiltre): T[] {
  if (etat === 'toutes') return [...demandes];
  const terminees = etat === 'traitees';
  return demandes.filter((demande) => isTerminee(demande) === terminees);
}

/**
 * Newest first, by creation day then by number (two requests of the same day). The days are
 * ISO dates, which sort as plain text: no collator (`localeCompare`), whose locale data would
 * cost the page's first render tens of milliseconds.
 */
export function newestFirst<T extends { DateCreation: string; id: number }>(demandes: readonly T[]): T[] {
  const byDay = (a: T, b: T) => (a.DateCreation < b.DateCreation ? -1 : a.DateCreation > b.DateCreation ? 1 : 0);
  return [...demandes].sort((a, b) => byDay(b, a) || b.id - a.id);
}
