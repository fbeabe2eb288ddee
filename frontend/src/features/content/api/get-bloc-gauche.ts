import useSWR from 'swr';
import { apiGetOrNull } from '@/lib/api-client';
import { blocGaucheKey } from '@/lib/bloc-gauche-key';

/** The promotional panel of the sidebar for one page (SPEC.md §3). */
export interface BlocGauche {
  Titre: string;
  Lien: string | null;
  LienTitre: string | null;
  /** `content` is a `data:image/…` URI. */
  Image: { content: string } | null;
}

export const blocGaucheUrl = (pathname: string) =>
  `/api/strapi/bloc-gauche/${encodeURIComponent(blocGaucheKey(pathname))}`;

/** `null` when the content service has no block for this page (a 404). */
export function getBlocGauche(pathname: string): Promise<BlocGauche | null> {
  return apiGetOrNull<BlocGauche>(blocGaucheUrl(pathname));
}

/** Keyed by page: a route change asks for the new page's block (SPEC.md §4). */
export function useBlocGauche(pathname: string) {
  return useSWR<BlocGauche | null, unknown>(blocGaucheUrl(pathname), () => getBlocGauche(pathname));
}
