import { describe, expect, it } from 'vitest';
import { CaptchaUnavailableError } from '@/components/captcha/captcha';
import { ApiError } from '@/lib/api-client';
import { apiErrorMessage } from './api-error-message';

describe('apiErrorMessage', () => {
  it('is the server’s own French message, whatever the status', () => {
    for (const status of [400, 403, 409, 413, 415, 422, 429, 502]) {
      const error = new ApiError(status, 'code', 'La commune ne correspond pas au code postal.', '/api/x');

      expect(apiErrorMessage(error)).toBe('La commune ne correspond pas au code postal.');
    }
  });

  it('is the API client’s message when no answer came at all', () => {
    const error = new ApiError(0, 'network', 'Le service est momentanément injoignable.', '/api/x');

    expect(apiErrorMessage(error)).toBe('Le service est momentanément injoignable.');
  });

  it('says that the anti-robot check failed when a guarded write could not get its proof', () => {
    expect(apiErrorMessage(new CaptchaUnavailableError())).toBe(
      'La vérification anti-robot n’a pas pu aboutir. Veuillez réessayer.',
    );
  });

  it('is the generic sentence for an answer without a message, or anything else thrown', () => {
    expect(apiErrorMessage(new ApiError(502, 'http-error', '', '/api/x'))).toBe(
      'Une erreur est survenue. Veuillez réessayer.',
    );
    expect(apiErrorMessage(new TypeError('x is undefined'))).toBe('Une erreur est survenue. Veuillez réessayer.');
  });
});
