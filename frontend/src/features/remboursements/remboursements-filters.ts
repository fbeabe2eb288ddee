import { parseIsoDate, toIsoDate } from '@/lib/format-date';
import { oneOf, positiveInteger } from '@/lib/search-params';
import type { PrestationsQuery } from '@/api/get-prestations';

/**
 * The filters and page of "Mes remboursements", kept in the address (`?beneficiaire=3&
 * periode=12-mois&versement=tiers-payant&page=2`) so that back, forward, a reload or a shared
 * link show the same list. Values that cannot be read are left out, never an error.
 */

export const periodes = ['3-mois', '12-mois', 'cette-annee', 'annee-derniere', 'dates'] as const;
export type Periode = (typeof periodes)[number];

/** Paid to whom: all payments, to the member's account, or to professionals (tiers payant). */
export const versements = ['tous', 'assure', 'tiers-payant'] as const;
export type Versement = (typeof versements)[number];

export interface RemboursementsFilters {
  beneficiaire?: number | undefined;
  periode?: Periode | undefined;
  /** With `periode` 'dates': first and last payment day, YYYY-MM-DD. */
  du?: string | undefined;
  au?: string | undefined;
  versement: Versement;
  page: number;
}

function isoDateOrUndefined(value: string | null): string | undefined {
  const date = parseIsoDate(value);
  return date ? toIsoDate(date) : undefined;
}

export function readFilters(params: URLSearchParams): RemboursementsFilters {
  const periode = oneOf(periodes, params.get('periode'));
  return {
    beneficiaire: positiveInteger(params.get('beneficiaire')),
    periode,
    ...(periode === 'dates'
      ? { du: isoDateOrUndefined(params.get('du')), au: isoDateOrUndefined(params.get('au')) }
      : {}),
    versement: oneOf(versements, params.get('versement')) ?? 'tous',
    page: positiveInteger(params.get('page')) ?? 1,
  };
}

/** The address's query for `filters`, defaults left out (page 1, all payments). */
export function writeFilters(filters: RemboursementsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.beneficiaire !== undefined) params.set('beneficiaire', String(filters.beneficiaire));
  if (filters.periode !== undefined) params.set('periode', filters.periode);
  if (filters.periode === 'dates') {
    if (filters.du) params.set('du', filters.du);
    if (filters.au) params.set('au', filters.au);
  }
  if (filters.versement !== 'tous') params.set('versement', filters.versement);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

export function hasFilters(filters: RemboursementsFilters): boolean {
  return (
    filters.beneficiaire !== undefined ||
    filters.periode !== undefined ||
    filters.versement !== 'tous'
  );
}

/** The same day `months` months earlier, the month's last day when it has no such day. */
function monthsBefore(date: Date, months: number): Date {
  const first = new Date(date.getFullYear(), date.getMonth() - months, 1);
  const lastDay = new Date(first.getFullYear(), first.getMonth() + 1, 0).getDate();
  return new Date(first.getFullYear(), first.getMonth(), Math.min(date.getDate(), lastDay));
}

/** The payment days a period covers, as of `today`. */
export function periodDates(
  filters: Pick<RemboursementsFilters, 'periode' | 'du' | 'au'>,
  today: Date,
): Pick<PrestationsQuery, 'dateDebut' | 'dateFin'> {
  const year = today.getFullYear();
  switch (filters.periode) {
    case '3-mois':
      return { dateDebut: toIsoDate(monthsBefore(today, 3)), dateFin: toIsoDate(today) };
    case '12-mois':
      return { dateDebut: toIsoDate(monthsBefore(today, 12)), dateFin: toIsoDate(today) };
    case 'cette-annee':
      return { dateDebut: toIsoDate(new Date(year, 0, 1)), dateFin: toIsoDate(today) };
    case 'annee-derniere':
      return {
        dateDebut: toIsoDate(new Date(year - 1, 0, 1)),
        dateFin: toIsoDate(new Date(year - 1, 11, 31)),
      };
    case 'dates':
      return { dateDebut: filters.du, dateFin: filters.au };
    default:
      return {};
  }
}

/** What the member API is asked for these filters. */
export function prestationsQuery(filters: RemboursementsFilters, today: Date): PrestationsQuery {
  return { ...periodDates(filters, today), idBeneficiaire: filters.beneficiaire };
}

/**
 * The list these filters show, and its query: the payments made to health professionals
 * (`prestations-pro`, tiers payant) have their own; every other choice reads all payments
 * (`prestations`). The page's hooks and its route's loader both follow it, so that the loader
 * starts the very request the page then reads.
 */
export function paiementsList(
  filters: RemboursementsFilters,
  today: Date,
): { list: 'prestations' | 'prestations-pro'; query: PrestationsQuery } {
  return {
    list: filters.versement === 'tiers-payant' ? 'prestations-pro' : 'prestations',
    query: prestationsQuery(filters, today),
  };
}
