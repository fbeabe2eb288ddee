import { carteTpLabel } from '@/entities/carte-tp/carte-tp-label';
import { carteTpDisponible } from '@/entities/couverture/couverture';
import type { Droit } from '@/entities/delegation/droits';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { formatDate } from '@/lib/format-date';
import type { SituationContrat } from './situation-contrat';

/**
 * The member's flags the tiles depend on (the session's `User`,
 * docs/product/entities.md#the-members-flags).
 */
export interface TileFlags {
  Radie: boolean;
  CarteTp: boolean;
  CarteTpSuivante: boolean;
  AuMoinsUnContratActifEtIndividuel: boolean;
}

export type TileId =
  | 'facture'
  | 'informationsPersonnelles'
  | 'carteTp'
  | 'garanties'
  | 'cotisations'
  | 'estimation'
  | 'resiliation';

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
  /** What became of the contracts of a member none covers today, once read (`situationContrat`). */
  situation: SituationContrat | null;
}

/**
 * « Envoyer une facture » says, under its label, which care it is for when no contract covers
 * today's: a struck-off member's, up to the end of the contract and only while its two years
 * run; a member's to come, from its first day. As usual while that is not known.
 */
function factureTile(flags: TileFlags, situation: SituationContrat | null): HomeTile | null {
  const tile: HomeTile = {
    id: 'facture',
    label: t(flags.Radie ? 'home.tiles.facture' : 'home.tiles.factureOuDevis'),
    to: paths.envoiFacture,
  };
  switch (situation?.etat) {
    case undefined:
      return tile;
    case 'termine':
      return situation.facturesAcceptees
        ? { ...tile, detail: t('home.tiles.facture.jusquau', { date: formatDate(situation.dateFin) }) }
        : null;
    case 'aVenir':
      return { ...tile, detail: t('home.tiles.facture.aPartirDu', { date: formatDate(situation.dateDebut) }) };
  }
}

/**
 * The home page's shortcuts, in their order and after the flags' rules
 * (docs/product/home.md#shortcut-tiles, docs/product/roles.md#what-the-flags-show).
 * `Radie` hides what only a covered member has (personal information, card, guarantees,
 * contributions, the estimate of a quote) and turns "une facture ou un devis" into "une
 * facture"; termination depends on `AuMoinsUnContratActifEtIndividuel` alone.
 */
export function homeTiles(flags: TileFlags, { nextDueDate, currentYear, situation }: TileContext): HomeTile[] {
  const facture = factureTile(flags, situation);
  const tiles: HomeTile[] = facture ? [facture] : [];
  if (!flags.Radie) {
    tiles.push({
      id: 'informationsPersonnelles',
      label: t('home.tiles.informationsPersonnelles'),
      to: paths.informationsPersonnelles,
    });
    if (carteTpDisponible(flags)) {
      tiles.push({ id: 'carteTp', label: carteTpLabel(flags.CarteTp ? 'EN_COURS' : 'SUIVANTE', currentYear), to: paths.smartCarte });
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
    // The product's own tile (docs/product/home.md#shortcut-tiles): added with the estimate,
    // beside the guarantees it reads.
    tiles.push({ id: 'estimation', label: t('home.tiles.estimation'), to: paths.estimation });
  }
  if (flags.AuMoinsUnContratActifEtIndividuel) {
    tiles.push({
      id: 'resiliation',
      label: t('home.tiles.resiliation'),
      to: paths.resiliation,
    });
  }
  return tiles;
}

/**
 * What a tile's page needs of someone acting for the member: a right, sending in the contract's
 * name (`ENVOI`, `envoiPossible`) or an estimate (`ESTIMATION`, `estimationPossible`); the others
 * lead to the guarantees, readable under any right.
 */
export type Besoin = Droit | 'ENVOI' | 'ESTIMATION';

const besoinByTile: Partial<Record<TileId, Besoin>> = {
  facture: 'ENVOI',
  estimation: 'ESTIMATION',
  informationsPersonnelles: 'GESTION',
  carteTp: 'ATTESTATIONS',
  resiliation: 'GESTION',
};

/** The tiles whose page `accorde` lets the person signed in open (`droitAccorde`, `envoiPossible`). */
export function grantedTiles(tiles: readonly HomeTile[], accorde: (besoin: Besoin) => boolean): HomeTile[] {
  return tiles.filter((tile) => {
    const besoin = besoinByTile[tile.id];
    return besoin === undefined || accorde(besoin);
  });
}
