import { recentSignInWrites } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import type { MemberApi } from '@/types/member-api';
import type { MandatSepa } from './get-mandats';

/**
 * `POST assure/mandats`: a SEPA mandate for a new account to take contributions from (201), to
 * sign with the six-digit code the member API sends to the member's address on file, valid 10
 * minutes. The member API checks the account as new bank details, and refuses (422, its French
 * message) a member without a contract in force or to come paid by direct debit, or beyond 5
 * mandates asked in a day. The portal asks for a recent sign-in first (403 `reconnexion_requise`).
 */
export function postMandat(compte: MemberApi<'NouveauMandatSepa'>): Promise<MandatSepa> {
  return apiRequest(recentSignInWrites.mandat, { method: 'POST', body: compte });
}
