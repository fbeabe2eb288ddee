import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import { type Preferences, preferencesKey } from './get-preferences';

export type NouvellesPreferences = MemberApi<'NouvellesPreferences'>;

/**
 * `PUT assure/preferences`: the member's new choices, as saved (the address in the canonical
 * form the member API keeps: trimmed, its domain in lower case).
 */
export function putPreferences(preferences: NouvellesPreferences): Promise<Preferences> {
  return apiRequest<Preferences>(preferencesKey, { method: 'PUT', body: preferences });
}
