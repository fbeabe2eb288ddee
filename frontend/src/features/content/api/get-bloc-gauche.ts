import useSWR from 'swr';
import { apiGetOrNull } from '@/lib/api-client';
import { blocGaucheKey } from '@/lib/bloc-gauche-key';

/** The promotional panel of the sidebar for one page (docs/product/entities.md#content-entries). */
export interface BlocGauche {
  Titre: string;
  Lien: string | null;
  LienTitre: string | null;
  /** `content` is a `data:image/…` URI. */
  Image: { content: string } | null;
}

export const blocGaucheUrl = (pathname: string) =>
  `/api/strapi/bloc-gauche/${encodeURIComponent(blocGaucheKey(pathname))}`;

/** An answer that is a block to show: anything without a title says there is none. */
function isBloc(answer: unknown): answer is BlocGauche {
  return typeof answer === 'object' && answer !== null && 'Titre' in answer && typeof answer.Titre === 'string' && answer.Titre !== '';
}

/**
 * `null` when the content service has no block for this page. Most pages have none, and
 * nothing the SPA is given says which do: the server answers `null` (or nothing, `{}`) for
 * them, and a 404 is read the same way.
 */
export async function getBlocGauche(pathname: string): Promise<BlocGauche | null> {
  const answer = await apiGetOrNull<unknown>(blocGaucheUrl(pathname));
  return isBloc(answer) ? answer : null;
}

/**
 * Keyed by page: a route change asks for the new page's block (docs/product/shell.md#left-block).
 */
export function useBlocGauche(pathname: string) {
  return useSWR<BlocGauche | null, unknown>(blocGaucheUrl(pathname), () => getBlocGauche(pathname));
}
