/**
 * Code of React Router's production build that the bundler keeps although this app never runs
 * it, taken out before the bundler reads the file: it would come with the first script of
 * every page (about 3 KB of gzip).
 *
 * - Components and contexts are named for the developer tools at the top level
 *   (`Form.displayName = "Form"`): statements with an effect, so the bundler keeps every
 *   component named so, used or not (`Form`, `ScrollRestoration`, and what only they use).
 *   Only the developer tools read these names.
 * - `React.forwardRef(…)`, `React.createContext(…)` and `React.memo(…)` at the top level are
 *   calls into another package, which the bundler must assume have effects: annotated as
 *   pure, so that an unused one goes.
 * - `<Link>`'s `prefetch` works only under framework mode's `<HydratedRouter>`: without its
 *   context, which `createBrowserRouter` never provides, `usePrefetchBehavior` answers "do not
 *   prefetch", no handlers, whatever the prop, and `<PrefetchPageLinks>` (with the framework's
 *   route manifest and module links) is never rendered. The app warms a page on intent on its
 *   own (`app/use-prefetch-on-intent.ts`).
 *
 * The module that defines `<Link>` must read as expected at each place, or the build fails: a
 * new version of React Router written otherwise is then looked at, not silently heavier.
 */

interface Edit {
  what: string;
  pattern: RegExp;
  replacement: string;
}

const edits: Edit[] = [
  {
    what: 'the developer tools’ names',
    pattern: /^[\w$]+\.displayName = "[^"]*";$/gm,
    replacement: '',
  },
  {
    what: 'the top-level components and contexts',
    pattern: /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm,
    replacement: '$1/* @__PURE__ */ $2',
  },
  {
    what: '<Link>’s prefetch state',
    pattern: /usePrefetchBehavior\(\s*prefetch,\s*rest\s*\);/,
    replacement: '[false, null, {}];',
  },
  {
    what: '<Link>’s <PrefetchPageLinks>',
    pattern:
      /return shouldPrefetch && !isAbsolute \? \/\* @__PURE__ \*\/ (React\d*)\.createElement\(\1\.Fragment, null, link, \/\* @__PURE__ \*\/ \1\.createElement\(PrefetchPageLinks, \{ page: href \}\)\) : link;/,
    replacement: 'return link;',
  },
];

/** `edited` with as many lines as `original`: the module's lines keep their numbers. */
function sameLines(original: string, edited: string): string {
  return edited + '\n'.repeat(original.split('\n').length - edited.split('\n').length);
}

/**
 * A production module of React Router without the code above, its lines where they were (its
 * source map still holds); every other module as it is.
 */
export function withoutDeadRouterCode(code: string, id: string): string {
  if (!code.includes('var Link = ')) return code;
  let edited = code;
  for (const { what, pattern, replacement } of edits) {
    const once = new RegExp(pattern.source, pattern.flags.replace('g', ''));
    const next = edited.replace(pattern, (match) => sameLines(match, match.replace(once, replacement)));
    if (next === edited) throw new Error(`router-dead-code: ${id} no longer reads as expected (${what})`);
    edited = next;
  }
  return edited;
}
