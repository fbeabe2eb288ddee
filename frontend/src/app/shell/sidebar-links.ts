import type { User } from '@/api/get-session';
import type { MessageKey } from '@/i18n/t';
import { paths } from '@/lib/paths';

export interface SidebarLink {
  to: string;
  label: MessageKey;
  /** Active on this exact path only, not on the pages below it. */
  end?: boolean;
}

/**
 * The fixed part of the sidebar (SPEC.md §2). The tiers-payant card shows only to a member
 * who is not struck off (`Radie`) and holds a card (`CarteTp`).
 */
export function sidebarLinks({ Radie, CarteTp }: Pick<User, 'Radie' | 'CarteTp'>): SidebarLink[] {
  return [
    { to: paths.home, label: 'nav.accueil', end: true },
    { to: paths.informationsPersonnelles, label: 'nav.informationsPersonnelles' },
    ...(!Radie && CarteTp ? [{ to: paths.smartCarte, label: 'nav.carteTp' } as const] : []),
    { to: paths.remboursements, label: 'nav.remboursements' },
    { to: paths.contratsGaranties, label: 'nav.garanties' },
    { to: paths.demandesMutuelle, label: 'nav.demandes' },
  ];
}
