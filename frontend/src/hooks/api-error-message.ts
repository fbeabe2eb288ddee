import { CaptchaUnavailableError } from '@/components/captcha/captcha';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';

/**
 * The sentence shown to the member when a call failed. Every error answer of the server
 * carries a French `message` fit for the member, whatever its status: the member API's reason
 * for a refusal (400, 409, 422), the portal's own for a file too large or of the wrong type
 * (413, 415), too many attempts (429) or an unreachable service (5xx), and the API client's
 * for no answer at all. Only an answer without one (a proxy's HTML page) falls back to the
 * generic sentence. A 401 needs no sentence: the API client has already sent the member back
 * to the start. A guarded write that could not even leave, for want of its captcha's proof,
 * says so.
 */
export function apiErrorMessage(error: unknown): string {
  if (error instanceof CaptchaUnavailableError) return error.message;
  return isApiError(error) && error.message !== '' ? error.message : t('errors.generic');
}
