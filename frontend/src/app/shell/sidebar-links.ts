import type { User } from '@/api/get-session';
import { carteTpDisponible } from '@/entities/couverture/couverture';
import type { MessageKey } from '@/i18n/t';
import { paths } from '@/config/paths';

export interface SidebarLink {
  to: string;
  label: MessageKey;
  /** Active on this exact path only, not on the pages below it. */
  end?: boolean;
}

/**
 * The fixed part of the sidebar, above the content service's entries. The tiers-payant card
 * shows to a member who has one to show, as the home tile does: this period's, or only the
 * next one's.
 */
export function sidebarLinks(flags: Pick<User, 'Radie' | 'CarteTp' | 'CarteTpSuivante'>): SidebarLink[] {
  return [
    { to: paths.home, label: 'nav.accueil', end: true },
    { to: paths.informationsPersonnelles, label: 'nav.informationsPersonnelles' },
    ...(carteTpDisponible(flags) ? [{ to: paths.smartCarte, label: 'nav.carteTp' } as const] : []),
    { to: paths.remboursements, label: 'nav.remboursements' },
    { to: paths.contratsGaranties, label: 'nav.garanties' },
    { to: paths.demandesMutuelle, label: 'nav.demandes' },
  ];
}
