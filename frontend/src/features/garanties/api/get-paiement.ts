import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';

/** An order to pay online (« Payer en ligne ») and where it stands; the receipt once paid. */
export type PaiementEnLigne = MemberApi<'PaiementEnLigne'>;

/** An order's reference as the member API writes it (`PaiementEnLigne.commande`). */
const reference = /^[A-Z0-9]{1,32}$/;

/**
 * The order the return page's address names (`:commande`), or `null` when it is no order's
 * reference: the page then asks for nothing. All the page takes from its address; what the
 * payment became, it reads from the member API.
 */
export function commandeDe(value: string | undefined): string | null {
  return value !== undefined && reference.test(value) ? value : null;
}

/** `GET assure/paiements/{commande}`: another member's order, or none, is a 404. */
export function paiementKey(commande: string): string {
  return `/api/assure/paiements/${encodeURIComponent(commande)}`;
}

export function getPaiement(key: string): Promise<PaiementEnLigne> {
  return apiGet<PaiementEnLigne>(key);
}

/**
 * `null` asks for nothing. No retry of SWR's own after a failure: the return page reads the
 * order again itself while it waits for the bank, and offers « Réessayer » otherwise.
 */
export function usePaiement(commande: string | null) {
  return useSWR<PaiementEnLigne, unknown>(commande === null ? null : paiementKey(commande), getPaiement, {
    shouldRetryOnError: false,
  });
}
