import { t } from '@/i18n/t';
import { browserLocation } from './browser-location';
import { readCookie } from './cookies';

/**
 * The one way the SPA talks to its server. Everything cross-cutting happens here, once:
 * the anti-forgery header, JSON parsing, the uniform error, the `httpError` broadcast, the
 * reaction to a 401 (the server-side session has ended) and to a request to sign in again
 * before a sensitive write. Components never handle these.
 */

/** A failed call, shaped like every error answer of the server: `{status, code, message}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly url: string;

  constructor(status: number, code: string, message: string, url: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.url = url;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

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

type SessionEndedListener = () => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/**
 * Registers what to do when the server answers 401: the member's session is gone (sign-out
 * elsewhere, idle timeout on the server), so the app goes back to its public root.
 */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** A write the portal refused until the member signs in again. */
export interface SignInAgainRequest {
  /** The refused call's address: what the member was doing. */
  url: string;
  /** The member stays on the page: the call fails with the portal's refusal. */
  stay: () => void;
}

type SignInAgainListener = (request: SignInAgainRequest) => void;
const signInAgainListeners = new Set<SignInAgainListener>();

/**
 * The portal's answer to a sensitive write (bank details, a termination, a beneficiary to
 * add) when the member's sign-in is older than it allows: 403 with this code, the member to
 * sign in again first.
 */
const reconnexionRequise = 'reconnexion_requise';

/**
 * Registers what to do when the portal asks the member to sign in again before a write: say
 * why, then keep what was typed and go through the identity provider, back to the same page,
 * or stay.
 */
export function onSignInAgainAsked(listener: SignInAgainListener): () => void {
  signInAgainListeners.add(listener);
  return () => {
    signInAgainListeners.delete(listener);
  };
}

/**
 * Nothing failed yet that the member should read about: the listeners ask them. Not
 * broadcast, and pending while they choose, so that the form stays as it is, its button
 * waiting, until the page leaves for the identity provider; should they stay, the call fails
 * with the refusal, which the form that sent it shows like any other (still not broadcast).
 */
function signInAgain(refusal: ApiError): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    const request = {
      url: refusal.url,
      stay: () => {
        reject(refusal);
      },
    };
    for (const listener of signInAgainListeners) listener(request);
  });
}

/**
 * The anti-forgery cookie: `__Host-` prefixed over https (no sibling host can plant one),
 * plain on the loopback demo, where browsers refuse the prefix without https. The prefixed one
 * wins should both be there.
 */
const xsrfCookies = ['__Host-XSRF-TOKEN', 'XSRF-TOKEN'] as const;
const xsrfHeader = 'X-XSRF-TOKEN';

function xsrfToken(): string | undefined {
  for (const name of xsrfCookies) {
    const token = readCookie(name);
    if (token !== undefined) return token;
  }
  return undefined;
}

/** Absolute (`https://…`) and protocol-relative (`//host/…`) URLs leave the portal. */
function isRelative(url: string): boolean {
  return !/^([a-z][a-z\d+.-]*:|\/\/)/i.test(url);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /**
   * A 404 that is an expected answer ("nothing configured here", e.g. no left block for this
   * page) resolves to `null` instead of failing, so it is neither broadcast nor shown.
   */
  notFoundAsNull?: boolean;
  /** What one call adds to the usual headers (the captcha's proof on a guarded write). */
  headers?: Readonly<Record<string, string>>;
}

/** The headers of a call to `url` (exported for the uploads' own transport, `api-upload.ts`). */
export function headersFor(
  url: string,
  method: string,
  hasBody: boolean,
  extra: RequestOptions['headers'] = {},
): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json' });
  if (hasBody) headers.set('Content-Type', 'application/json');
  // The double-submit token goes on every state-changing call to our own server, never to a
  // third party (docs/product/roles.md#anti-forgery).
  if (method !== 'GET' && isRelative(url)) {
    const token = xsrfToken();
    if (token !== undefined) headers.set(xsrfHeader, token);
  }
  return headers;
}

function isErrorBody(value: unknown): value is { code?: unknown; message?: unknown } {
  return typeof value === 'object' && value !== null;
}

/** The error of an answer whose body is `text` (also the uploads', `api-upload.ts`). */
export function errorFromText(status: number, text: string, url: string): ApiError {
  let code = 'http-error';
  let message = '';
  try {
    const body: unknown = JSON.parse(text);
    if (isErrorBody(body)) {
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.message === 'string') message = body.message;
    }
  } catch {
    // Not our JSON error body (a proxy's HTML page, an empty answer): status alone.
  }
  return new ApiError(status, code, message, url);
}

async function errorFrom(response: Response, url: string): Promise<ApiError> {
  return errorFromText(response.status, await response.text(), url);
}

/** Broadcasts and throws a failed call, ending the session on a 401 (also for uploads). */
export function fail(error: ApiError): never {
  broadcastHttpError({
    status: error.status,
    code: error.code,
    message: error.message,
    url: error.url,
  });
  if (error.status === 401) {
    for (const listener of sessionEndedListeners) listener();
  }
  throw error;
}

/** `fetch` with the session cookie; no answer at all is a failure like any other. */
async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch {
    // No answer at all (offline, server down): status 0, like the browser reports it.
    return fail(new ApiError(0, 'network', t('errors.network'), url));
  }
}

export function apiRequest<T>(
  url: string,
  options: RequestOptions & { notFoundAsNull: true },
): Promise<T | null>;
export function apiRequest<T>(url: string, options?: RequestOptions): Promise<T>;
export async function apiRequest<T>(url: string, options: RequestOptions = {}): Promise<T | null> {
  const method = options.method ?? 'GET';
  const hasBody = options.body !== undefined;
  const response = await send(url, {
    method,
    headers: headersFor(url, method, hasBody, options.headers),
    ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
  });

  if (response.status === 404 && options.notFoundAsNull) return null;
  if (!response.ok) {
    const error = await errorFrom(response, url);
    return error.status === 403 && error.code === reconnexionRequise ? signInAgain(error) : fail(error);
  }
  // 204 No Content (a DELETE that has nothing to tell): no body to read.
  if (response.status === 204) return null;

  const text = await response.text();
  try {
    return JSON.parse(text) as T;
  } catch {
    // A 200 that is not JSON after a redirect (a sign-in page put in front of the API by some
    // proxy) is followed with a full page load (docs/product/errors.md#a-redirected-answer).
    if (response.redirected && response.url !== '') browserLocation.assign(response.url);
    throw new ApiError(response.status, 'invalid-json', t('errors.generic'), url);
  }
}

export function apiGet<T>(url: string): Promise<T> {
  return apiRequest<T>(url);
}

/** GET where a 404 means "nothing here" rather than a failure. */
export function apiGetOrNull<T>(url: string): Promise<T | null> {
  return apiRequest<T>(url, { notFoundAsNull: true });
}

export function apiPost<T>(url: string, body?: unknown, headers: RequestOptions['headers'] = {}): Promise<T> {
  return apiRequest<T>(url, { method: 'POST', body, headers });
}

/** DELETE of a resource; the server's answer, if any, is not needed. */
export async function apiDelete(url: string): Promise<void> {
  await apiRequest<unknown>(url, { method: 'DELETE' });
}

/** A file the server sent, with the name its `Content-Disposition` suggests, if any. */
export interface ApiFile {
  blob: Blob;
  contentDisposition: string | null;
}

/** GET of a file (a PDF…) accepting `accept`; failures are handled like every other call. */
export async function apiGetFile(url: string, accept: string): Promise<ApiFile> {
  const response = await send(url, { method: 'GET', headers: new Headers({ Accept: accept }) });
  if (!response.ok) return fail(await errorFrom(response, url));
  return {
    blob: await response.blob(),
    contentDisposition: response.headers.get('Content-Disposition'),
  };
}
