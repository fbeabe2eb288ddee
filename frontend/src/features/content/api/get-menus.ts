import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';

/**
 * A menu entry of the content service (docs/product/entities.md#content-entries), already
 * filtered by broker on the server.
 */
export interface MenuEntry {
  Id: number;
  Titre: string;
  courtierChesneau: boolean;
}

export const menusKey = '/api/strapi/menus';

export function getMenus(): Promise<MenuEntry[]> {
  return apiGet<MenuEntry[]>(menusKey);
}

export function useMenus() {
  return useSWR<MenuEntry[], unknown>(menusKey, getMenus);
}
