import { describe, expect, it } from 'vitest';
import { toIsoDate } from '@/lib/format-date';
import {
  addMonths,
  type Contrat,
  contratsResiliables,
  dateFinContrat,
  motifsPour,
  prochaineEcheanceAnnuelle,
} from './resiliation-rules';

function aContrat(overrides: Partial<Contrat> = {}): Contrat {
  return {
    numeroContrat: 'IND-004512',
    codeProduit: 'SSN3',
    libelleProduit: 'Santé Sérénité Niveau 3',
    typeContrat: 'INDIVIDUEL',
    entreprise: null,
    statut: 'ACTIF',
    dateDebut: '2021-01-01',
    dateFin: null,
    motifFin: null,
    dateProchaineEcheance: '2026-12-05',
    cotisation: { montant: 89.4, periodicite: 'MENSUELLE', modePaiement: 'PRELEVEMENT', jourPrelevement: 5 },
    montantImpaye: 0,
    planDeReglement: null,
    beneficiaires: [],
    echeancier: [],
    ...overrides,
  };
}

const today = new Date(2026, 10, 23);

describe('the contracts a member can terminate online', () => {
  it('are the individual ones in force', () => {
    const contrats = [
      aContrat(),
      aContrat({ numeroContrat: 'COL-000871', typeContrat: 'COLLECTIF' }),
      aContrat({ numeroContrat: 'IND-000001', statut: 'RESILIE' }),
      aContrat({ numeroContrat: 'IND-000002', statut: 'A_VENIR' }),
    ];

    expect(contratsResiliables(contrats).map((contrat) => contrat.numeroContrat)).toEqual(['IND-004512']);
  });
});

describe('the reasons offered', () => {
  it('include leaving at any time once a year of membership has passed', () => {
    expect(motifsPour(aContrat({ dateDebut: '2025-11-23' }), today)).toEqual([
      'RESILIATION_INFRA_ANNUELLE',
      'ECHEANCE',
      'ADHESION_CONTRAT_COLLECTIF',
      'DEMENAGEMENT_ETRANGER',
      'AUTRE',
    ]);
  });

  it('leave it out during the first year', () => {
    expect(motifsPour(aContrat({ dateDebut: '2025-11-24' }), today)).toEqual([
      'ECHEANCE',
      'ADHESION_CONTRAT_COLLECTIF',
      'DEMENAGEMENT_ETRANGER',
      'AUTRE',
    ]);
  });
});

describe('the end of the contract', () => {
  it('comes one month after the notice for the right to leave at any time', () => {
    expect(toIsoDate(dateFinContrat('RESILIATION_INFRA_ANNUELLE', aContrat(), today))).toBe('2026-12-23');
  });

  it('comes one month after the notice for a change of situation', () => {
    expect(toIsoDate(dateFinContrat('DEMENAGEMENT_ETRANGER', aContrat(), today))).toBe('2026-12-23');
    expect(toIsoDate(dateFinContrat('ADHESION_CONTRAT_COLLECTIF', aContrat(), today))).toBe('2026-12-23');
  });

  it('comes at the renewal, given two months’ notice, for a termination at the due date', () => {
    expect(toIsoDate(dateFinContrat('ECHEANCE', aContrat({ dateDebut: '2021-03-01' }), today))).toBe('2027-03-01');
    // 1 January is less than two months away: the following renewal.
    expect(toIsoDate(dateFinContrat('ECHEANCE', aContrat({ dateDebut: '2021-01-01' }), today))).toBe('2028-01-01');
    expect(toIsoDate(prochaineEcheanceAnnuelle(aContrat({ dateDebut: '2026-01-23' }), today))).toBe('2027-01-23');
  });

  it('keeps to the month’s last day', () => {
    expect(toIsoDate(addMonths(new Date(2027, 0, 31), 1))).toBe('2027-02-28');
    expect(toIsoDate(dateFinContrat('AUTRE', aContrat({ dateDebut: '2024-02-29' }), new Date(2027, 9, 1)))).toBe(
      '2028-02-29',
    );
  });
});
