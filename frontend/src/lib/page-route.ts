import type { ComponentType } from 'react';
import type { Params } from 'react-router';

/**
 * Starts the requests a page makes as it mounts, from the address's parameters, query and
 * path; resolves when they have all settled. The pages' own are declared as data (`preload`
 * of a `PageRoute`); `app/` writes the shell's this way (the session, the sidebar).
 */
export type PageData = (params: Params, query: URLSearchParams, pathname: string) => Promise<unknown>;

/**
 * A page's route as its feature declares it in its `routes.ts`: its pattern and the answers it
 * asks for as it mounts. One declaration serves the route's loader (which asks for them on
 * arrival, `preloadPage`) and the server's `Link` header (which names them with the page's
 * scripts, from the build's table, `build/route-manifest.ts`), with the keys the page's hooks read:
 * the three cannot name different addresses.
 */
export interface PageRoute {
  /** The router's pattern, from `paths` or `routePatterns`. */
  pattern: string;
  /**
   * What the page asks for first whatever its address: the keys its `api/` files export
   * (`contratsKey`), or a key builder's pattern (`demandeKey.pattern`, `/api/demande/:id`)
   * whose `:id` is the page's own (see `preloadedKeys` in `preload-data.ts`). The build
   * refuses an `:id` on a page whose pattern has none.
   */
  preload?: readonly string[];
  /**
   * What the page asks for first that its address decides (a payment day, the payments'
   * filters in the query): asked for by the route's loader only, the server does not know them.
   */
  preloadFromAddress?: (params: Params, query: URLSearchParams) => readonly string[];
}

/**
 * A page loaded on navigation rather than with the first script; `app/` turns it into a route
 * (its loader preloads on arrival only) and starts `lazy` early when a link to `pattern` is
 * hovered or focused.
 */
export interface LazyPageRoute extends PageRoute {
  /** The page's module, relative to the routes file: the build finds its chunk by it. */
  module: string;
  lazy: () => Promise<{ Component: ComponentType }>;
}

/**
 * `module` and `lazy` of a page, from `import.meta.glob` given that one file and the name of
 * the component it exports: the glob names the module as data (which the build reads) and
 * imports it in a chunk of its own (which a route loads), from one spelling of its path. The
 * glob's modules are not typed: a component's name is checked when the page loads (each page's
 * tests render it through its route), not by the type checker.
 */
export function lazyPage(
  modules: Record<string, () => Promise<unknown>>,
  component: string,
): Pick<LazyPageRoute, 'module' | 'lazy'> {
  const entries = Object.entries(modules);
  const [entry] = entries;
  if (!entry || entries.length > 1) {
    throw new Error(`lazyPage: ${component}: one page module expected, ${String(entries.length)} found`);
  }
  const [module, load] = entry;
  return {
    module,
    lazy: async () => {
      const exports = (await load()) as Partial<Record<string, ComponentType>>;
      const Component = exports[component];
      if (typeof Component !== 'function') throw new Error(`lazyPage: ${module} exports no ${component}`);
      return { Component };
    },
  };
}
