import type { SWRResponse } from 'swr';
import type { Home } from './api/get-home';

/** What one part of the dashboard can show. */
export type PartState<T> =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: T };

/** The type of a part's data (distributed over the union: the error side adds nothing). */
type PartData<P> = P extends { data: infer T } ? T : never;

/**
 * The state of one part of `/api/home`. A part that failed upstream, or the whole request
 * failing, is `failed`; while a retry is under way it is `loading` again, and a part that had
 * arrived keeps its data meanwhile.
 */
export function partState<K extends keyof Home>(
  query: Pick<SWRResponse<Home, unknown>, 'data' | 'error' | 'isValidating'>,
  name: K,
): PartState<PartData<Home[K]>> {
  const part = query.data?.[name];
  if (part && 'data' in part) return { status: 'ready', data: part.data as PartData<Home[K]> };
  const failed = part !== undefined || query.error !== undefined;
  return failed && !query.isValidating ? { status: 'failed' } : { status: 'loading' };
}
