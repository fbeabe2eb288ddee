import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { routes } from './routes';
import { serverRoutes } from './server-routes';

describe('the routes the server reads', () => {
  it('names as public exactly the pages the first script routes without a session', () => {
    const routed = routes.flatMap((route) => (route.path ? [route.path] : route.children?.some((child) => child.index) ? [paths.root] : []));
    expect([...serverRoutes.publicPaths].sort()).toEqual(routed.sort());
  });
});
