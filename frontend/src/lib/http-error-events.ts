/**
 * The window event that carries every failed HTTP answer
 * (docs/product/errors.md#the-httperror-broadcast).
 */
export const httpErrorEvent = 'httpError';

export interface HttpErrorDetail {
  status: number;
  code: string;
  /** The server's French message; empty when the answer had none. */
  message: string;
  url: string;
}

/**
 * Every failure is broadcast (docs/product/errors.md#the-httperror-broadcast) except a 401 without
 * a message (an expected "not signed in" answer, nothing to tell the member) and anything about the
 * identity provider's account endpoint.
 */
function isBroadcast({ status, message, url }: HttpErrorDetail): boolean {
  if (status === 401 && message === '') return false;
  return !url.includes('api/account');
}

export function broadcastHttpError(detail: HttpErrorDetail): void {
  if (!isBroadcast(detail)) return;
  window.dispatchEvent(new CustomEvent<HttpErrorDetail>(httpErrorEvent, { detail }));
}

/** Calls `listener` for each broadcast failure; returns the unsubscribe function. */
export function onHttpError(listener: (detail: HttpErrorDetail) => void): () => void {
  const handler = (event: Event) => {
    listener((event as CustomEvent<HttpErrorDetail>).detail);
  };
  window.addEventListener(httpErrorEvent, handler);
  return () => {
    window.removeEventListener(httpErrorEvent, handler);
  };
}
