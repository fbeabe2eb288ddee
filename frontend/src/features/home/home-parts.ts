import type { SWRResponse } from 'swr';
import { type PartQuery, partState as queryState, type PartState, type RetryableQuery } from '@/components/part-state';
import type { Home } from './api/get-home';

/** The type of a part's data (distributed over the union: the error side adds nothing). */
type PartData<P> = P extends { data: infer T } ? T : never;

type HomeQuery = Pick<SWRResponse<Home, unknown>, 'data' | 'error' | 'isValidating'>;

/**
 * One part of `/api/home` as a query of its own: its data once it has arrived, and the error
 * the server reported for it or else the whole request's.
 */
function partQuery<K extends keyof Home>(query: HomeQuery, name: K): PartQuery<PartData<Home[K]>> {
  const part = query.data?.[name];
  return {
    data: part && 'data' in part ? (part.data as PartData<Home[K]>) : undefined,
    error: part && 'error' in part ? part.error : query.error,
    // Read only when the part has no data (`partState`): SWR re-renders a hook's page for the
    // states it read, so the revalidation made on arrival, which changes nothing the page
    // shows, does not render the whole dashboard again.
    get isValidating() {
      return query.isValidating;
    },
  };
}

/**
 * One part of `/api/home` with the one request's retry: the dashboard's parts then load,
 * fail and retry like every other part of a page (`AsyncPart`).
 */
export function homePart<K extends keyof Home>(
  query: HomeQuery & Pick<SWRResponse<Home, unknown>, 'mutate'>,
  name: K,
): RetryableQuery<PartData<Home[K]>> {
  // Assigned onto the part, not spread: a spread would read its `isValidating`.
  return Object.assign(partQuery(query, name), { mutate: () => query.mutate() });
}

/**
 * The state of one part of `/api/home`. A part that failed upstream, or the whole request
 * failing, is `failed`; while a retry is under way it is `loading` again, and a part that had
 * arrived keeps its data meanwhile.
 */
export function partState<K extends keyof Home>(query: HomeQuery, name: K): PartState<PartData<Home[K]>> {
  return queryState(partQuery(query, name));
}
