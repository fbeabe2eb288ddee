import type { MemberApi } from '@/types/member-api';
import { getEndpoint } from './get-endpoint';

/**
 * `GET assure/procurations`: the members the person signed in may act for today, as a delegate
 * or a guardian, with their rights. Shared here because the chooser (« Pour qui agissez-vous ? »)
 * and « Agir pour un proche » both list them; a feature folder never imports another one.
 */
export type Procuration = MemberApi<'Procuration'>;

const endpoint = getEndpoint<{ procurations: Procuration[] }>('/api/assure/procurations');
export const procurationsKey = endpoint.key;
export const getProcurations = endpoint.get;
export const useProcurations = endpoint.use;
