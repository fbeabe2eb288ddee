import { describe, expect, it } from 'vitest';
import { type HomeTile, homeTiles, type TileFlags } from './home-tiles';
import type { SituationContrat } from './situation-contrat';
import homeTexts from '@/i18n/fr/home.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(homeTexts);

/**
 * The session's flags (docs/product/entities.md#the-members-flags); `Futur` is among them and must
 * change nothing.
 */
type SessionFlags = TileFlags & { Futur?: boolean };

/** A covered member with a card in force and an individual contract. */
const covered: SessionFlags = {
  Radie: false,
  CarteTp: true,
  CarteTpSuivante: false,
  AuMoinsUnContratActifEtIndividuel: true,
};

const dueDate = new Date(2026, 11, 5);

// The tiles as docs/product/home.md#shortcut-tiles names them and where they lead.
const factureOuDevis: HomeTile = {
  id: 'facture',
  label: 'Envoyer une facture ou un devis',
  to: '/mutuelle/demandes/creation?type=DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF',
};
const factureSeule: HomeTile = { ...factureOuDevis, label: 'Envoyer une facture' };
const informations: HomeTile = {
  id: 'informationsPersonnelles',
  label: 'Mes informations personnelles',
  to: '/compte/informations-personnelles',
};
const carte = (label: string): HomeTile => ({ id: 'carteTp', label, to: '/mutuelle/smart-carte' });
const garanties: HomeTile = {
  id: 'garanties',
  label: 'Mes garanties et mes services',
  to: '/mutuelle/contrats-garanties',
};
const cotisations: HomeTile = {
  id: 'cotisations',
  label: 'Mes cotisations',
  to: '/mutuelle/contrats-garanties#cotisations',
  detail: 'Prochaine échéance le 05/12/2026',
};
const estimation: HomeTile = {
  id: 'estimation',
  label: 'Estimer mon remboursement',
  to: '/mutuelle/contrats-garanties/estimation',
};
const resiliation: HomeTile = {
  id: 'resiliation',
  label: 'Résilier un contrat',
  to: '/mutuelle/contrats-garanties/resiliation',
};

interface Case {
  flags: SessionFlags;
  nextDueDate: Date | null;
  currentYear?: number;
  situation?: SituationContrat | null;
  expected: HomeTile[];
}

/** Jean MARTIN's contract, ended on 31/12/2024: its invoices accepted until 31/12/2026. */
const termine = (facturesAcceptees: boolean): SituationContrat => ({
  etat: 'termine',
  numeroContrat: 'IND-001187',
  dateFin: new Date(2024, 11, 31),
  facturesAcceptees,
});

/**
 * One row per distinct outcome of the rules (docs/product/roles.md#what-the-flags-show): each flag,
 * and the due date, on and off where it changes something, and the flags that must not matter.
 */
const cases: [string, Case][] = [
  [
    'a covered member with every flag: all seven tiles, the specification’s in its order',
    {
      flags: covered,
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2026-2027'), garanties, cotisations, estimation, resiliation],
    },
  ],
  [
    'CarteTp and CarteTpSuivante: the card in force names both years',
    {
      flags: { ...covered, CarteTpSuivante: true },
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2026-2027'), garanties, cotisations, estimation, resiliation],
    },
  ],
  [
    'CarteTpSuivante alone: next year’s card only',
    {
      flags: { ...covered, CarteTp: false, CarteTpSuivante: true },
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2027'), garanties, cotisations, estimation, resiliation],
    },
  ],
  [
    'neither CarteTp nor CarteTpSuivante: no card tile',
    {
      flags: { ...covered, CarteTp: false },
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, garanties, cotisations, estimation, resiliation],
    },
  ],
  [
    'the card’s years come from the year given, not the clock',
    {
      flags: covered,
      nextDueDate: dueDate,
      currentYear: 2031,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2031-2032'), garanties, cotisations, estimation, resiliation],
    },
  ],
  [
    'no due date: no contributions tile',
    {
      flags: covered,
      nextDueDate: null,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2026-2027'), garanties, estimation, resiliation],
    },
  ],
  [
    'no active individual contract: no termination tile',
    {
      flags: { ...covered, AuMoinsUnContratActifEtIndividuel: false },
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2026-2027'), garanties, cotisations, estimation],
    },
  ],
  [
    'Radie with cards and a due date: only the invoice (no quote) and the termination',
    {
      flags: { ...covered, Radie: true, CarteTpSuivante: true },
      nextDueDate: dueDate,
      expected: [factureSeule, resiliation],
    },
  ],
  [
    'Radie without an active individual contract: only the invoice',
    {
      flags: { ...covered, Radie: true, AuMoinsUnContratActifEtIndividuel: false },
      nextDueDate: dueDate,
      expected: [factureSeule],
    },
  ],
  [
    'Radie, the contract ended and its invoices still accepted: the invoice says for which care',
    {
      flags: { ...covered, Radie: true, AuMoinsUnContratActifEtIndividuel: false },
      nextDueDate: null,
      situation: termine(true),
      expected: [{ ...factureSeule, detail: 'Pour vos soins jusqu’au 31/12/2024' }],
    },
  ],
  [
    'Radie, the two years of the ended contract run out: no invoice to send',
    {
      flags: { ...covered, Radie: true, AuMoinsUnContratActifEtIndividuel: false },
      nextDueDate: null,
      situation: termine(false),
      expected: [],
    },
  ],
  [
    'a contract to come: the invoice says from when its care is covered',
    {
      flags: { ...covered, Futur: true, CarteTp: false, CarteTpSuivante: true, AuMoinsUnContratActifEtIndividuel: false },
      nextDueDate: null,
      situation: { etat: 'aVenir', numeroContrat: 'IND-010342', dateDebut: new Date(2027, 0, 1) },
      expected: [
        { ...factureOuDevis, detail: 'Pour vos soins à partir du 01/01/2027' },
        informations,
        carte('Ma carte de Tiers Payant 2027'),
        garanties,
        estimation,
      ],
    },
  ],
  [
    'Futur changes nothing',
    {
      flags: { ...covered, Futur: true },
      nextDueDate: dueDate,
      expected: [factureOuDevis, informations, carte('Ma carte de Tiers Payant 2026-2027'), garanties, cotisations, estimation, resiliation],
    },
  ],
];

describe('the home tiles', () => {
  it.each(cases)('%s', (_, { flags, nextDueDate, currentYear = 2026, situation = null, expected }) => {
    expect(homeTiles(flags, { nextDueDate, currentYear, situation })).toEqual(expected);
  });
});
