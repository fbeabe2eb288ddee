import { paths } from '@/app/paths';
import { t } from '@/i18n/t';
import { formatDate } from '@/lib/format-date';

/** The member's flags the tiles depend on (the session's `User`, SPEC.md §3). */
export interface TileFlags {
  Radie: boolean;
  CarteTp: boolean;
  CarteTpSuivante: boolean;
  AuMoinsUnContratActifEtIndividuel: boolean;
}

export type TileId =
  'facture' | 'informationsPersonnelles' | 'carteTp' | 'garanties' | 'cotisations' | 'resiliation';

export interface HomeTile {
  id: TileId;
  label: string;
  to: string;
  /** A second line under the label, when the tile has something to add. */
  detail?: string;
}

export interface TileContext {
  /** The next call for contributions (`echeance-prochaine`), or `null` when none is due. */
  nextDueDate: Date | null;
  /** The calendar year the member is in, for the card's label. */
  currentYear: number;
}

/**
 * The tiers-payant tile's label. SPEC.md §6 names two labels and one deciding flag: a member
 * whose card is in force (`CarteTp`) reads the current and the next year, the card running on
 * into the next period; a member without one sees the tile only because of `CarteTpSuivante`,
 * a card whose period has not begun, so only the next year is named.
 */
function carteTpLabel(flags: TileFlags, currentYear: number): string {
  return flags.CarteTp
    ? t('home.tiles.carteTp.currentAndNext', { current: currentYear, next: currentYear + 1 })
    : t('home.tiles.carteTp.nextOnly', { next: currentYear + 1 });
}

/**
 * The home page's shortcuts, in the order of SPEC.md §2, after the flag rules of SPEC.md §6.
 * `Radie` hides what only a covered member has (personal information, card, guarantees,
 * contributions) and turns "une facture ou un devis" into "une facture"; termination depends
 * on `AuMoinsUnContratActifEtIndividuel` alone.
 */
export function homeTiles(flags: TileFlags, { nextDueDate, currentYear }: TileContext): HomeTile[] {
  const tiles: HomeTile[] = [
    {
      id: 'facture',
      label: t(flags.Radie ? 'home.tiles.facture' : 'home.tiles.factureOuDevis'),
      to: paths.creationDemande,
    },
  ];
  if (!flags.Radie) {
    tiles.push({
      id: 'informationsPersonnelles',
      label: t('home.tiles.informationsPersonnelles'),
      to: paths.informationsPersonnelles,
    });
    if (flags.CarteTp || flags.CarteTpSuivante) {
      tiles.push({ id: 'carteTp', label: carteTpLabel(flags, currentYear), to: paths.smartCarte });
    }
    tiles.push({ id: 'garanties', label: t('home.tiles.garanties'), to: paths.contratsGaranties });
    if (nextDueDate) {
      tiles.push({
        id: 'cotisations',
        label: t('home.tiles.cotisations'),
        to: paths.cotisations,
        detail: t('home.tiles.cotisations.detail', { date: formatDate(nextDueDate) }),
      });
    }
  }
  if (flags.AuMoinsUnContratActifEtIndividuel) {
    tiles.push({
      id: 'resiliation',
      label: t('home.tiles.resiliation'),
      to: paths.contratsGaranties,
    });
  }
  return tiles;
}
