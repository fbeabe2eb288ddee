/**
 * A link of the content service that stays in the app, as a router path: the editors may
 * write `home/nouveautes/2` or `/home/nouveautes/2`, both mean the same page.
 */
/**
 * Paths the server answers itself (sign-in, API, documents, static files): a link to one of
 * them needs a real page load, the client router knows nothing there.
 */
export function isServerPath(pathname: string): boolean {
  return /^\/(api|auth|_demo|brand|assets)(\/|$)/.test(pathname) || /\.[a-z\d]+$/i.test(pathname);
}

export function inAppPath(link: string): string {
  return link.startsWith('/') ? link : `/${link}`;
}
