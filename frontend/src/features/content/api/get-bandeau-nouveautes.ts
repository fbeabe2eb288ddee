import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';

/** The news banner (SPEC.md §3); the server answers the first one, or `null`. */
export interface BandeauNouveautes {
  Libelle: string;
  Texte: string;
  URL: string | null;
  Visible: boolean;
}

export const bandeauNouveautesKey = '/api/strapi/bandeau-nouveautes';

export function getBandeauNouveautes(): Promise<BandeauNouveautes | null> {
  return apiGet<BandeauNouveautes | null>(bandeauNouveautesKey);
}

export function useBandeauNouveautes() {
  return useSWR<BandeauNouveautes | null, unknown>(bandeauNouveautesKey, getBandeauNouveautes);
}
