import { withQuery } from '@/lib/query-string';
import type { PrestationsQuery } from './get-prestations';

/**
 * `GET assure/prestations-pro`: the payments made to health professionals (tiers payant),
 * answered like `assure/prestations` (read with its fetcher).
 */
export function prestationsProKey(query: PrestationsQuery): string {
  return withQuery('/api/assure/prestations-pro', { ...query });
}
