import useSWR from 'swr';
import { apiGet } from '@/lib/api-client';
import { keyWithId } from '@/api/key-with-id';

/** A news page, the target of internal banner links; `Contenu` is server-sanitised HTML. */
export interface PageNouveautes {
  Id: number;
  Titre: string;
  Contenu: string;
}

export const pageNouveautesKey = keyWithId('/api/strapi/page-nouveautes/:id');

export function getPageNouveautes(id: string): Promise<PageNouveautes> {
  return apiGet<PageNouveautes>(pageNouveautesKey(id));
}

export function usePageNouveautes(id: string) {
  return useSWR<PageNouveautes, unknown>(pageNouveautesKey(id), () => getPageNouveautes(id));
}
