import { describe, expect, it } from 'vitest';
import { type HomeTile, homeTiles, type TileFlags, type TileId } from './home-tiles';

/** The session's flags of SPEC.md §3; `Futur` is among them and must change nothing. */
const flagNames = [
  'Radie',
  'CarteTp',
  'CarteTpSuivante',
  'AuMoinsUnContratActifEtIndividuel',
  'Futur',
] as const;

type SessionFlags = TileFlags & { Futur: boolean };

/** Every combination of the five flags and of a due date present or not: 64 cases. */
const combinations = Array.from({ length: 2 ** (flagNames.length + 1) }, (_, bits) => {
  const flags = Object.fromEntries(
    flagNames.map((name, index) => [name, (bits & (1 << index)) !== 0]),
  ) as unknown as SessionFlags;
  const hasDueDate = (bits & (1 << flagNames.length)) !== 0;
  return { flags, hasDueDate };
});

function describeCase({ flags, hasDueDate }: (typeof combinations)[number]): string {
  const set = flagNames.filter((name) => flags[name]);
  return `${set.length > 0 ? set.join(' + ') : 'no flag'}, ${hasDueDate ? 'a due date' : 'no due date'}`;
}

const dueDate = new Date(2026, 11, 5);

function tilesFor(flags: TileFlags, hasDueDate: boolean): HomeTile[] {
  return homeTiles(flags, { nextDueDate: hasDueDate ? dueDate : null, currentYear: 2026 });
}

function ids(tiles: HomeTile[]): TileId[] {
  return tiles.map((tile) => tile.id);
}

const specOrder: TileId[] = [
  'facture',
  'informationsPersonnelles',
  'carteTp',
  'garanties',
  'cotisations',
  'resiliation',
];

describe.each(combinations.map((combination) => [describeCase(combination), combination]))(
  'the home tiles with %s',
  (_, { flags, hasDueDate }) => {
    const tiles = tilesFor(flags, hasDueDate);
    const shown = ids(tiles);
    const tile = (id: TileId) => tiles.find((candidate) => candidate.id === id);

    it('always offer to send an invoice, with a quote unless struck off', () => {
      expect(tile('facture')).toEqual({
        id: 'facture',
        label: flags.Radie ? 'Envoyer une facture' : 'Envoyer une facture ou un devis',
        to: '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
      });
    });

    it('show personal information and guarantees only when not struck off', () => {
      expect(shown.includes('informationsPersonnelles')).toBe(!flags.Radie);
      expect(shown.includes('garanties')).toBe(!flags.Radie);
    });

    it('show the card when not struck off and with a current or a next card', () => {
      expect(shown.includes('carteTp')).toBe(
        !flags.Radie && (flags.CarteTp || flags.CarteTpSuivante),
      );
    });

    it('name the current and next year with a card in force, else only the next year', () => {
      const card = tile('carteTp');
      if (!card) return;
      expect(card.label).toBe(
        flags.CarteTp ? 'Ma carte de Tiers Payant 2026-2027' : 'Ma carte de Tiers Payant 2027',
      );
    });

    it('show contributions only when not struck off and with a due date', () => {
      expect(shown.includes('cotisations')).toBe(!flags.Radie && hasDueDate);
    });

    it('show termination exactly when there is an active individual contract', () => {
      expect(shown.includes('resiliation')).toBe(flags.AuMoinsUnContratActifEtIndividuel);
    });

    it('keep the order of the specification', () => {
      expect(shown).toEqual(specOrder.filter((id) => shown.includes(id)));
    });

    it('do not depend on Futur', () => {
      const otherFutur: SessionFlags = { ...flags, Futur: !flags.Futur };
      expect(tilesFor(otherFutur, hasDueDate)).toEqual(tiles);
    });
  },
);

describe('the home tiles', () => {
  const covered: TileFlags = {
    Radie: false,
    CarteTp: true,
    CarteTpSuivante: false,
    AuMoinsUnContratActifEtIndividuel: true,
  };

  it('lead to the pages of the specification', () => {
    expect(tilesFor(covered, true).map(({ label, to }) => [label, to])).toEqual([
      ['Envoyer une facture ou un devis', '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF'],
      ['Mes informations personnelles', '/compte/informations-personnelles'],
      ['Ma carte de Tiers Payant 2026-2027', '/mutuelle/smart-carte'],
      ['Mes garanties et mes services', '/mutuelle/contrats-garanties'],
      ['Mes cotisations', '/mutuelle/contrats-garanties#cotisations'],
      ['Résilier un contrat', '/mutuelle/contrats-garanties/resiliation'],
    ]);
  });

  it('give the next due date under the contributions tile', () => {
    const cotisations = tilesFor(covered, true).find((tile) => tile.id === 'cotisations');

    expect(cotisations?.detail).toBe('Prochaine échéance le 05/12/2026');
  });

  it('name the years from the year they are given', () => {
    const card = homeTiles(covered, { nextDueDate: null, currentYear: 2031 }).find(
      (tile) => tile.id === 'carteTp',
    );

    expect(card?.label).toBe('Ma carte de Tiers Payant 2031-2032');
  });

  it('leave a struck-off member only the invoice', () => {
    const radie = { ...covered, Radie: true, AuMoinsUnContratActifEtIndividuel: false };

    expect(tilesFor(radie, true).map((tile) => tile.label)).toEqual(['Envoyer une facture']);
  });
});
