import type { PageData } from '@/lib/page-route';
import { preloadPage } from '@/lib/preload-data';
import { preloadable } from './preloadable';
import { type Home, partData } from './api/get-home';
import { homeRoute } from './routes';

function NoNotices() {
  return null;
}

/**
 * The NOEMIE notices (`raccordements` of `/api/home`), with their texts: shown only to a
 * member one of whose people has a link to mend, so loaded only for such a member, not with
 * the first script of every visit. Code that could not be loaded shows nothing, as a failed
 * part.
 */
export const raccordementsSection = preloadable(() =>
  import('./components/raccordements-section').then(
    (module) => module.RaccordementsSection,
    () => NoNotices,
  ),
);

function hasRaccordements(home: Home | undefined): boolean {
  return (partData(home?.raccordements)?.length ?? 0) > 0;
}

/**
 * What `/home`'s loader waits for: its first answer (its route's `preload`, `homeKey` alone)
 * and, when that answer has notices to show, their code, so that the dashboard appears whole
 * with them, in one render.
 */
export const homeData: PageData = async (params, query) => {
  const [home] = await preloadPage(homeRoute, params, query);
  if (hasRaccordements(home as Home | undefined)) await raccordementsSection.load();
};
