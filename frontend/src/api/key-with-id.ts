/**
 * The key builder of an answer named by a page's `:id` (`/api/demande/:id`), its pattern kept
 * beside it (`demandeKey.pattern`): a page that asks for the answer first declares that pattern
 * in its route's `preload` (`routes.ts`), and both its loader and the server (from the build's
 * table, `src/pages.rs`) fill the `:id` from the page's address (see `preloadedKeys`).
 */
export function keyWithId<Pattern extends `${string}:id${string}`>(pattern: Pattern) {
  const key = (id: string | number): string => pattern.replace(':id', encodeURIComponent(String(id)));
  return Object.assign(key, { pattern });
}
