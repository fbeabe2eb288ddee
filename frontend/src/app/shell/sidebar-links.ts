import type { Session } from '@/api/get-session';
import { carteTpDisponible } from '@/entities/couverture/couverture';
import { type Droit, droitAccorde } from '@/entities/delegation/droits';
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
 * next one's. Someone acting for the member sees only the sections their rights open (the
 * guarantees, readable under any right, always).
 */
export function sidebarLinks(session: Pick<Session, 'User' | 'delegation'>): SidebarLink[] {
  const accorde = (droit: Droit) => droitAccorde(session, droit);
  return [
    { to: paths.home, label: 'nav.accueil', end: true },
    ...(accorde('GESTION') ? [{ to: paths.informationsPersonnelles, label: 'nav.informationsPersonnelles' } as const] : []),
    ...(carteTpDisponible(session.User) && accorde('ATTESTATIONS')
      ? [{ to: paths.smartCarte, label: 'nav.carteTp' } as const]
      : []),
    ...(accorde('REMBOURSEMENTS') ? [{ to: paths.remboursements, label: 'nav.remboursements' } as const] : []),
    { to: paths.contratsGaranties, label: 'nav.garanties' },
    ...(accorde('DEMANDES') ? [{ to: paths.demandesMutuelle, label: 'nav.demandes' } as const] : []),
  ];
}
