import type { User } from '@/api/get-session';

/**
 * Whether a contract covers the member today: not once every contract has ended (`Radie`),
 * nor before the first one begins (`Futur`). Such a member's home says since or until when,
 * and nobody can be added to a contract that covers no one today.
 */
export function contratEnVigueur({ Radie, Futur }: Pick<User, 'Radie' | 'Futur'>): boolean {
  return !Radie && !Futur;
}

/**
 * Whether the member has a tiers-payant card to show: this period's (`CarteTp`) or, before
 * its period begins, the next one's (`CarteTpSuivante`), as a member whose contract starts on
 * 1 January holds; never once every contract has ended. The one rule of the sidebar, the
 * section's index and the home tile, so that they never disagree.
 */
export function carteTpDisponible({
  Radie,
  CarteTp,
  CarteTpSuivante,
}: Pick<User, 'Radie' | 'CarteTp' | 'CarteTpSuivante'>): boolean {
  return !Radie && (CarteTp || CarteTpSuivante);
}
