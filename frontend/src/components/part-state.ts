/**
 * What a part of a page that loads on its own can show (a part that failed leaves the others
 * working: docs/product/states.md#parts-of-a-page). One rule for every page, so that a part never
 * shows its failure and its content at once, nor a blank while a retry is under way.
 */
export type PartState<T> = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** What the state needs of an SWR response (or of one part of it). */
export interface PartQuery<T> {
  data: T | undefined;
  error: unknown;
  isValidating: boolean;
}

/** A part's query and the way to ask for it again (an SWR response's `mutate`). */
export interface RetryableQuery<T> extends PartQuery<T> {
  mutate: () => Promise<unknown>;
}

/**
 * Data that has arrived is shown, even when a later revalidation failed: the member keeps
 * what they were reading. Without data, an error is a failure, except while a retry is under
 * way, which shows as loading again so that pressing "Réessayer" visibly does something.
 * `isValidating` is read only then: SWR re-renders a hook's component for the states it read,
 * and a part with data has no use for it.
 */
export function partState<T>(query: PartQuery<T>): PartState<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data };
  return query.error !== undefined && !query.isValidating ? { status: 'failed' } : { status: 'loading' };
}

function failed(query: PartQuery<unknown>): boolean {
  return partState(query).status === 'failed';
}

/**
 * Two queries shown as one part: ready once both have arrived, failed as soon as either has
 * failed, loading otherwise; a retry asks again for both.
 */
export function bothQueries<A, B>(first: RetryableQuery<A>, second: RetryableQuery<B>): RetryableQuery<[A, B]> {
  const failure = [first, second].find(failed);
  const data: [A, B] | undefined =
    first.data !== undefined && second.data !== undefined ? [first.data, second.data] : undefined;
  return {
    data: failure ? undefined : data,
    error: failure?.error,
    // Read only when the part has no data (`partState`), as SWR's own flag should be.
    get isValidating() {
      return failure ? false : first.isValidating || second.isValidating;
    },
    mutate: () => Promise.all([first.mutate(), second.mutate()]),
  };
}
