import { t } from '@/i18n/t';
import { ApiError, errorFromText, fail, headersFor } from '@/lib/api-client';

/**
 * Uploads, apart from the API client (`api-client.ts`) whose rules they follow: only a request
 * being written sends files, and the first script does without this code.
 */

export interface UploadOptions {
  /** Called as the body leaves the browser, with the share sent so far (0 to 1). */
  onProgress?: (sent: number) => void;
  /** Aborting rejects with an `AbortError`, neither broadcast nor shown. */
  signal?: AbortSignal;
}

/**
 * POST of a multipart form (files) with its upload progress, which `fetch` cannot report:
 * an `XMLHttpRequest`, with the same anti-forgery header, error shape, broadcast and 401
 * handling as every other call.
 */
export function apiUpload<T>(url: string, body: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    headersFor(url, 'POST', false).forEach((value, name) => {
      request.setRequestHeader(name, value);
    });
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    });
    const settle = (settler: () => T) => {
      try {
        resolve(settler());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.addEventListener('load', () => {
      settle(() => {
        if (request.status < 200 || request.status >= 300) {
          return fail(errorFromText(request.status, request.responseText, url));
        }
        try {
          return JSON.parse(request.responseText) as T;
        } catch {
          throw new ApiError(request.status, 'invalid-json', t('errors.generic'), url);
        }
      });
    });
    request.addEventListener('error', () => {
      settle(() => fail(new ApiError(0, 'network', t('errors.network'), url)));
    });
    const aborted = () => new DOMException('Envoi annulé', 'AbortError');
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    signal?.addEventListener(
      'abort',
      () => {
        request.abort();
        reject(aborted());
      },
      { once: true },
    );
    request.send(body);
  });
}
