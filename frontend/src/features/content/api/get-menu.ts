import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { keyWithId } from '@/api/key-with-id';
import type { MenuEntry } from './get-menus';

/** One menu entry with its article; `Contenu` is HTML already sanitised by the server. */
export interface MenuArticle extends MenuEntry {
  Contenu: string;
}

export const menuKey = keyWithId('/api/strapi/menus/:id');

export function getMenu(id: string): Promise<MenuArticle> {
  return apiGet<MenuArticle>(menuKey(id));
}

export function useMenu(id: string) {
  return useSWR<MenuArticle, unknown>(menuKey(id), () => getMenu(id));
}
