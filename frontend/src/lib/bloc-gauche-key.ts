/**
 * The content-service key of the left block for an application path
 * (docs/product/member-api.md#left-block-key): slashes become underscores and the leading one goes,
 * the root becomes `home`. The server's tests read the same examples
 * (`bloc-gauche-key.examples.json`), so both sides agree on every key.
 *
 * A trailing slash is dropped first: `/mutuelle/remboursements/` is the same page as
 * `/mutuelle/remboursements` and must show the same block. ASCII capitals, which an identifier
 * in a path may hold (an order's reference), are lowered: keys are in lower case.
 */
export function blocGaucheKey(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '').replace(/[A-Z]/g, (capital) => capital.toLowerCase());
  return trimmed === '' ? 'home' : trimmed.replaceAll('/', '_');
}
