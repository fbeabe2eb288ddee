import useSWR, { preload } from 'swr';
import { apiGet } from '@/lib/api-client';
import type { BandeauNouveautes } from '@/types/bandeau-nouveautes';

/** A part of the home answer that failed upstream, shaped like every error of the server. */
export interface PartError {
  status: number;
  code: string;
  message: string;
}

/** Each part arrives on its own: its data, or the error that kept it from arriving. */
export type HomePart<T> = { data: T } | { error: PartError };

/** One line of a payment (SPEC.md §3); the server sends at most 2 per payment. */
export interface DetailRemboursement {
  labelExternalCode: string | null;
  /** The day of care, YYYY-MM-DD. */
  startDate: string | null;
  /** The real amount, what the member spent. */
  expenseAmount: number | null;
  /** What the mutual paid ("Remb. {provider}"). */
  refundableAmount: number | null;
}

export interface Remboursement {
  paymentId: string | number;
  /** YYYY-MM-DD. */
  paymentDate: string;
  beneficiaryFirstName: string;
  beneficiaryLastName: string;
  detailRemboursement: DetailRemboursement[];
}

/** A pending request (SPEC.md §3); other fields of the member API are not shown here. */
export interface Demande {
  id?: number;
  /** YYYY-MM-DD. */
  DateCreation: string;
  TypeCode: string;
  Etat: string;
}

/** The member API's next call for contributions; `null` when none is scheduled. */
export interface EcheanceProchaine {
  numeroContrat: string;
  /** YYYY-MM-DD. */
  dateEcheance: string;
  montant: number;
  modePaiement: string;
}

/** `GET /api/home`: everything the dashboard shows, in one round trip. */
export interface Home {
  remboursements: HomePart<Remboursement[]>;
  demandes: HomePart<Demande[]>;
  echeanceProchaine: HomePart<EcheanceProchaine | null>;
  bandeau: HomePart<BandeauNouveautes | null>;
}

export const homeKey = '/api/home';

export function getHome(): Promise<Home> {
  return apiGet<Home>(homeKey);
}

export function useHome() {
  return useSWR<Home, unknown>(homeKey, getHome);
}

/**
 * Starts `GET /api/home` now, for the first `useHome` to pick up. A failure is that hook's to
 * show; the catch only keeps an answer nobody came for (a 401 without a session) from being
 * reported as unhandled.
 */
export function preloadHome(): void {
  void preload(homeKey, getHome).catch(() => undefined);
}

/** The part's data, or `undefined` while it has not arrived or when it failed. */
export function partData<T>(part: HomePart<T> | undefined): T | undefined {
  return part && 'data' in part ? part.data : undefined;
}
