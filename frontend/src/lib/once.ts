/**
 * `make()`, called the first time the returned function is, and its result kept. For the
 * `Intl` formatters: building one costs a phone a few milliseconds of locale data each, which
 * at module level every page would pay while its first script runs, even for formats it never
 * shows.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
