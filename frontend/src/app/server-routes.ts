import { sessionKey } from '@/api/get-session';
import { demandesNonLusKey } from '@/api/get-demandes-non-lus';
import { paths } from '@/config/paths';
import { authPages } from '@/features/auth/routes';
import { accessibilitePage } from '@/features/content/accessibilite-route';
import { menusKey } from '@/features/content/api/get-menus';
import { homeRoute } from '@/features/home/routes';

/**
 * The part of the route table the server needs beyond each section page's own (which the
 * features' `routes.ts` declare), written into the build's `route-manifest.json`
 * (`build/route-manifest.ts`) for the server's `Link` header (`src/pages.rs`): it reads that
 * file, never this one. The routes and loaders of `app/` use these very values, so what the
 * server names is what the pages ask for.
 *
 * Evaluated by the build outside a browser: it imports no component.
 */
export const serverRoutes = {
  /** Readable without a session: the server names nothing for them. */
  publicPaths: [paths.root, authPages.fallback.pattern, authPages.error.pattern, accessibilitePage.pattern],
  /** The home page, whose scripts come with the member space's, and its first answer. */
  home: homeRoute,
  /** What every signed-in page asks for first: the session check (the member space's guard)... */
  session: sessionKey,
  /**
   * ...and the sidebar's menus and count of unread messages (its left block depends on the
   * address: the server derives its key as `lib/bloc-gauche-key.ts` does).
   */
  sidebar: { menus: menusKey, nonLus: demandesNonLusKey },
} as const;
