import type { PageRoute } from '@/lib/page-route';
import { paths } from '@/config/paths';
import { homeKey } from './api/get-home';

/**
 * `/home`: loaded with the first script (the page most visits start on), so no `lazy`. Its
 * page is composed in `app/`, with the content's news banner above the dashboard.
 */
export const homeRoute = {
  pattern: paths.home,
  preload: [homeKey],
} satisfies PageRoute;
