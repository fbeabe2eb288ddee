import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { keyWithId } from '@/api/key-with-id';
import type { Demande } from './get-demandes';

/** `GET demande/{id}`: one request with its documents. */
export const demandeKey = keyWithId('/api/demande/:id');

export function getDemande(key: string): Promise<Demande> {
  return apiGet<Demande>(key);
}

/** `null` (an address that names no request) asks for nothing. */
export function useDemande(id: number | null) {
  return useSWR<Demande, unknown>(id === null ? null : demandeKey(id), getDemande);
}
