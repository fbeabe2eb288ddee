import type { LazyPageRoute } from '../src/lib/page-route.ts';

// No Node module here: the app's own tests (src/app/route-manifest.test.ts) read the routes with it
// too, and their type check knows only the browser's globals.

/** A lazily loaded page as its feature's `routes.ts` declares it. */
export interface DeclaredPage {
  pattern: string;
  /** The page module's file. */
  module: string;
  /**
   * The addresses it asks for first whatever its address: its `preload`, as declared (a key
   * builder's pattern, `/api/demande/:id`, is the server's to fill from the page's own `:id`).
   */
  data: string[];
}

function isLazyPageRoute(value: unknown): value is LazyPageRoute {
  if (typeof value !== 'object' || value === null) return false;
  const route = value as Partial<Record<keyof LazyPageRoute, unknown>>;
  return typeof route.pattern === 'string' && typeof route.module === 'string' && typeof route.lazy === 'function';
}

/**
 * The lazily loaded pages of one `routes.ts` (`file`), from what it exports once evaluated
 * (`exports`): each page of its tables (`carteTpPages`), or one exported alone.
 */
export function declaredPages(file: string, exports: Readonly<Record<string, unknown>>): DeclaredPage[] {
  const routes = Object.values(exports).flatMap((value) => {
    if (isLazyPageRoute(value)) return [value];
    return typeof value === 'object' && value !== null ? Object.values(value).filter(isLazyPageRoute) : [];
  });
  return routes.map((route) => {
    const data = [...(route.preload ?? [])];
    // The server fills a key's `:id` from the page's own: a page without one could not.
    if (data.some((address) => address.includes(':id')) && !route.pattern.split('/').includes(':id')) {
      throw new Error(`route-manifest: ${file}: ${route.pattern} has no :id for its data ${data.join(', ')}`);
    }
    return { pattern: route.pattern, module: decodeURIComponent(new URL(route.module, `file://${file}`).pathname), data };
  });
}
