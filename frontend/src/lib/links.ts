/**
 * A link of the content service that stays in the app, as a router path: the editors may
 * write `home/nouveautes/2` or `/home/nouveautes/2`, both mean the same page.
 */
export function inAppPath(link: string): string {
  return link.startsWith('/') ? link : `/${link}`;
}
