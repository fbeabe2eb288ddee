/**
 * The key builder of an answer named by a page's `:id` (`/api/demande/:id`): the pattern stays
 * written out, so that the build finds it (`build/declared-pages.ts`) and the server preloads
 * the answer with the page's code when the page's address holds that id (`src/pages.rs`).
 */
export function keyWithId(pattern: `${string}:id${string}`) {
  return (id: string | number): string => pattern.replace(':id', encodeURIComponent(String(id)));
}
