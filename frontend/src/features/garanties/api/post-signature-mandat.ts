import { recentSignInWrites } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import type { MandatSepa } from './get-mandats';

/** The code that signs a mandate: the six digits the member received by email. */
export const codeSignature = /^\d{6}$/;

/**
 * `POST assure/mandats/{rum}/signature`: the mandate signed with the code the member received
 * (200): contributions are taken from its account from today, the mandate in force until then
 * ends today, and the signed mandate is a PDF among the member's documents (`documentId`). A
 * wrong code is a 422 that says how many tries are left; an expired code, or a sixth try, a 422
 * that asks to start again; signed already, a 409: each with the member API's French message.
 * The portal asks for a recent sign-in first (403 `reconnexion_requise`).
 */
export function postSignatureMandat({ rum, code }: { rum: string; code: string }): Promise<MandatSepa> {
  const url = recentSignInWrites.signatureMandat.replace('{rum}', encodeURIComponent(rum));
  return apiRequest(url, { method: 'POST', body: { code } });
}
