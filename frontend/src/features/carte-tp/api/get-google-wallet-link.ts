import { apiGet } from '@/lib/api-client';

/**
 * `GET /api/carte-tp/wallet/google`: the « Ajouter à Google Wallet » link of the card in force,
 * signed by the server for this member. Asked when the member clicks, never cached: it is
 * followed at once.
 */
export interface GoogleWalletLink {
  url: string;
}

export function getGoogleWalletLink(): Promise<GoogleWalletLink> {
  return apiGet<GoogleWalletLink>('/api/carte-tp/wallet/google');
}
