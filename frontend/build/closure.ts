/**
 * `roots` and what they import, directly or not (`importsOf` says what one imports), but
 * nothing past `known`: what a module or a chunk brings with it that another does not.
 */
export function closure(
  roots: readonly string[],
  importsOf: (id: string) => readonly string[],
  known: ReadonlySet<string> = new Set(),
): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  let next: string | undefined;
  while ((next = pending.pop()) !== undefined) {
    if (seen.has(next) || known.has(next)) continue;
    seen.add(next);
    pending.push(...importsOf(next));
  }
  return seen;
}
