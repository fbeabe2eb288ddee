import { getEndpoint } from '@/api/get-endpoint';
import type { MemberApi } from '@/types/member-api';

/**
 * `GET assure/preferences`: the email alerts the member wants, « zéro papier », and where the
 * alerts go (`emailAlertes`, null for the contact email `emailContact`).
 */
export type Preferences = MemberApi<'Preferences'>;

/** The three kinds of email alert, in the order the page lists them. */
export const alertes = ['remboursement', 'demande', 'document'] as const satisfies readonly (keyof Preferences['alertes'])[];

const endpoint = getEndpoint<Preferences>('/api/assure/preferences');
export const preferencesKey = endpoint.key;
export const getPreferences = endpoint.get;
export const usePreferences = endpoint.use;
