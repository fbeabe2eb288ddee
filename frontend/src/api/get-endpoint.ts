import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';

/**
 * A GET endpoint without parameters: its SWR key, its fetcher and its hook, so that each
 * endpoint's file (`api/get-contrats.ts`) states only its address and its answer's type.
 */
export function getEndpoint<T>(key: string) {
  const get = () => apiGet<T>(key);
  return {
    key,
    get,
    use: () => useSWR<T, unknown>(key, get),
  };
}
