import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * Starts the requests a page makes as it mounts, from the address's parameters, query and
 * path; resolves when they have all settled. Each feature writes it with the keys and fetchers its
 * `api/` files export (see `preloadData`), so a page's keys are spelled once, next to its hooks.
 */
export type PageData = (params: Params, query: URLSearchParams, pathname: string) => Promise<unknown>;

/**
 * A page loaded on navigation rather than with the first script, as a feature declares it in
 * its `routes.ts`; `app/` turns it into a route (its loader runs `data` on arrival only) and
 * starts `lazy` early when a link to `pattern` is hovered or focused.
 */
export interface LazyPageRoute {
  /** The router's pattern, from `paths` or `routePatterns`. */
  pattern: string;
  lazy: () => Promise<{ Component: ComponentType }>;
  data?: PageData;
}
