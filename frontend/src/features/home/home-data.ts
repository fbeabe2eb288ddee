import type { PageData } from '@/lib/page-route';
import { preloadPage } from '@/lib/preload-data';
import { preloadable } from '@/lib/preloadable';
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
 * The notices of a contract that covers nothing today and of a rejected debit, with their
 * texts: loaded only for a member who may get one (here for a rejected debit; by the dashboard,
 * with the contracts it then asks for, for a member whose flags say no contract covers them
 * today). Code that could not be loaded shows nothing, as a failed part.
 */
export const homeNotices = preloadable(() =>
  import('./components/home-notices').then(
    (module) => module.HomeNotices,
    () => NoNotices,
  ),
);

function hasImpaye(home: Home | undefined): boolean {
  return Boolean(partData(home?.echeanceProchaine)?.impaye);
}

/**
 * What `/home`'s loader waits for: its first answer (its route's `preload`, `homeKey` alone)
 * and, when that answer has notices to show, their code, so that the dashboard appears whole
 * with them, in one render.
 */
export const homeData: PageData = async (params, query) => {
  const [answer] = await preloadPage(homeRoute, params, query);
  const home = answer as Home | undefined;
  await Promise.all([
    hasRaccordements(home) ? raccordementsSection.load() : undefined,
    hasImpaye(home) ? homeNotices.load() : undefined,
  ]);
};
