import { closure } from './closure.ts';

/** What the bundler knows of the modules, as `app-chunks` reads it. */
export interface ModuleGraph {
  /** What `id` imports statically. */
  importsOf: (id: string) => readonly string[];
  /** What `id` imports with `import()`. */
  dynamicImportsOf: (id: string) => readonly string[];
  /** The length of `id`'s code, before minification. */
  sizeOf: (id: string) => number;
}

/** The roots of the app's scripts, by module id. */
export interface AppRoots {
  /** The first script's entry (`src/main.tsx`). */
  main: string;
  /** The member space: the session guard, the shell and the home page. */
  memberSpace: string;
  /** The sections' routes. */
  sections: string;
  /**
   * Modules the first script loads later that only a signed-in member ever meets (the notice of
   * a session taken back): they may import from the member space's script.
   */
  signedInOnly: readonly string[];
}

/**
 * Largest module (characters of code before minification) that a section's pages share and
 * that the sections' script holds for them: a few kilobytes cost a first load less as bytes of
 * a script it loads anyway than as one more request, of which a browser speaking HTTP/1.1
 * makes six at a time.
 */
export const sharedPartLimit = 3000;

/**
 * The script each module goes into (docs/benchmarks.md#page-speed), the others being left to
 * the bundler:
 * - `index`, the first script: what `main` imports, and what the public pages it loads later
 *   (accessibility statement, fallback, error, the card kept offline) share with the member
 *   space, so that those never load the member space, nor it one more small file;
 * - `member-routes`: the member space, everything it imports that the first script lacks;
 * - `section-routes`: the sections' routes, with what they import, and the small modules of
 *   the application (`/src/`) that two or more of their pages (or the parts of them loaded
 *   later) share, as long as everything these import is in one of the three scripts and
 *   nothing the first script or the member space loads later imports them. A section's page
 *   then loads as one file besides the three, and whatever only some pages need (a form
 *   library, a large part) keeps its own.
 */
export function appChunks(graph: ModuleGraph, roots: AppRoots): Map<string, string> {
  const { importsOf, dynamicImportsOf, sizeOf } = graph;
  const first = closure([roots.main], importsOf);
  const laterOfFirst = [...first]
    .flatMap(dynamicImportsOf)
    .filter((id) => id !== roots.memberSpace && id !== roots.sections && !roots.signedInOnly.includes(id));
  const publicLater = closure(laterOfFirst, importsOf, first);
  const memberSpace = closure([roots.memberSpace], importsOf, first);
  const sections = closure([roots.sections], importsOf, new Set([...first, ...memberSpace]));

  const chunkOf = new Map<string, string>();
  for (const id of first) chunkOf.set(id, 'index');
  for (const id of memberSpace) chunkOf.set(id, publicLater.has(id) ? 'index' : 'member-routes');
  for (const id of sections) chunkOf.set(id, publicLater.has(id) ? 'index' : 'section-routes');

  const grouped = new Set(chunkOf.keys());
  // The pages, and the parts of them loaded later (a form's step), each a script of its own.
  const later = new Set<string>();
  for (let next = [...sections].flatMap(dynamicImportsOf); next.length > 0; ) {
    const fresh = next.filter((id) => !later.has(id) && !grouped.has(id));
    for (const id of fresh) later.add(id);
    next = [...closure(fresh, importsOf, grouped)].flatMap(dynamicImportsOf);
  }
  const laterUsing = new Map<string, number>();
  for (const script of later) {
    for (const id of closure([script], importsOf, grouped)) {
      if (id !== script) laterUsing.set(id, (laterUsing.get(id) ?? 0) + 1);
    }
  }
  // What the first script and the member space load later themselves (a delegate's banner, a
  // public page) is not to bring the sections' script with it.
  const loadedApart = closure(
    [...first, ...memberSpace].flatMap(dynamicImportsOf).filter((id) => id !== roots.memberSpace && id !== roots.sections),
    importsOf,
    grouped,
  );
  const shared = new Set(
    [...laterUsing]
      .filter(
        ([id, count]) =>
          count >= 2 && id.includes('/src/') && !later.has(id) && !loadedApart.has(id) && sizeOf(id) <= sharedPartLimit,
      )
      .map(([id]) => id),
  );
  // A shared part importing a module left to the bundler would make every page load that one.
  let dropped = true;
  while (dropped) {
    dropped = false;
    for (const id of shared) {
      if (importsOf(id).some((imported) => !grouped.has(imported) && !shared.has(imported))) {
        shared.delete(id);
        dropped = true;
      }
    }
  }
  for (const id of shared) chunkOf.set(id, 'section-routes');
  return chunkOf;
}
