import { useEffect, useRef } from 'react';
import type { PageCourtier } from '@/entities/courtier/page-courtier';
import { type MenuEntry, useMenus } from '@/features/content/api/get-menus';
import { paths } from '@/config/paths';

/**
 * The content service's menus, for the sidebar's articles and the broker's page: each route
 * change reloads them, so that a menu the mutual changed shows at the next page (the left block
 * follows the path itself).
 */
export function useMenusReloadedOnRouteChange(pathname: string): MenuEntry[] {
  const menus = useMenus();
  const { mutate } = menus;
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    void mutate();
  }, [pathname, mutate]);
  return menus.data ?? [];
}

/**
 * The page of the member's broker among the menus: the one the content service flags for the
 * brokerage's members, to whom alone the server lists it.
 */
export function pageCourtier(menus: readonly MenuEntry[]): PageCourtier | null {
  const page = menus.find((menu) => menu.courtierChesneau);
  return page ? { titre: page.Titre, to: paths.article(page.Id) } : null;
}
