/** Client routes, handled by react-router. Every link and route definition uses these. */
export const paths = {
  root: '/',
  home: '/home',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];

/**
 * Server routes: reached by a full page load (a plain `<a>`), never by the client router.
 * `returnTo` is one of our own paths, made only of URL-safe characters, so it is not encoded.
 */
export const serverPaths = {
  login: (returnTo: AppPath) => `/auth/login?returnTo=${returnTo}`,
} as const;
