import { describe, expect, it } from 'vitest';
import { aBeneficiaire, aLigne, aPaiement } from '@/test/fixtures';
import { anneeSante, colonnesMontants, type Montants } from './annee-sante';

const consultation = aLigne({
  codeActe: 'G',
  labelExternalCode: 'Consultation généraliste',
  startDate: '2026-03-02',
  expenseAmount: 30,
  montantSecu: 20,
  refundableAmount: 9,
  resteACharge: 1,
});

const pharmacie = aLigne({
  codeActe: 'PHAR',
  labelExternalCode: 'Pharmacie',
  startDate: '2026-03-20',
  expenseAmount: 45.1,
  montantSecu: 30.2,
  refundableAmount: 14.9,
  resteACharge: 0,
});

const lunettes = aLigne({
  codeActe: 'OPTI',
  labelExternalCode: 'Verres',
  startDate: '2026-07-14',
  expenseAmount: 420,
  montantSecu: 0.09,
  refundableAmount: 300,
  resteACharge: 119.91,
});

const lucas = aBeneficiaire({ id: 3, prenom: 'Lucas', nom: 'DUPONT', lien: 'ENFANT' });

function sum(rows: readonly Montants[], colonne: keyof Montants): number {
  return rows.reduce((total, row) => total + Math.round(row[colonne] * 100), 0) / 100;
}

describe('Mon année santé', () => {
  it('puts each line in the month of its care, every month present', () => {
    const sante = anneeSante(
      [
        aPaiement({ paymentDate: '2026-04-02', detailRemboursement: [consultation, pharmacie] }),
        aPaiement({ paymentId: 'P2', paymentDate: '2026-07-20', detailRemboursement: [lunettes] }),
      ],
      2026,
      [],
    );
    expect(sante.nombreActes).toBe(3);
    expect(sante.parMois).toHaveLength(12);
    expect(sante.parMois[2]).toEqual({
      mois: 2,
      depense: 75.1,
      secu: 50.2,
      mutuelle: 23.9,
      resteACharge: 1,
    });
    expect(sante.parMois[3]?.depense).toBe(0);
    expect(sante.parMois[6]?.mutuelle).toBe(300);
  });

  it('counts care of the previous year in the month it was paid', () => {
    const sante = anneeSante(
      [
        aPaiement({
          paymentDate: '2026-01-08',
          detailRemboursement: [{ ...consultation, startDate: '2025-12-29' }],
        }),
      ],
      2026,
      [],
    );
    expect(sante.parMois[0]?.depense).toBe(30);
    expect(sante.parMois[11]?.depense).toBe(0);
    expect(sante.total.depense).toBe(30);
  });

  it('leaves out a line neither cared for nor paid in the year', () => {
    const sante = anneeSante(
      [aPaiement({ paymentDate: '2025-12-30', detailRemboursement: [{ ...consultation, startDate: '2025-12-01' }] })],
      2026,
      [],
    );
    expect(sante.nombreActes).toBe(0);
    expect(sante.total).toEqual({ depense: 0, secu: 0, mutuelle: 0, resteACharge: 0 });
  });

  it('counts a rejected line in what was spent and left to the member, the mutual paying nothing', () => {
    const rejetee = aLigne({
      codeActe: 'SPR',
      labelExternalCode: 'Ostéopathie',
      startDate: '2026-05-05',
      expenseAmount: 60,
      montantSecu: 0,
      refundableAmount: 0,
      resteACharge: 60,
      statut: 'REJETE',
      motifRejet: 'Acte non couvert par votre garantie',
    });
    const sante = anneeSante([aPaiement({ detailRemboursement: [consultation, rejetee] })], 2026, []);
    expect(sante.total).toEqual({ depense: 90, secu: 20, mutuelle: 9, resteACharge: 61 });
    expect(sante.parMois[4]).toEqual({ mois: 4, depense: 60, secu: 0, mutuelle: 0, resteACharge: 60 });
    expect(sante.parSoins.find((soins) => soins.codeActe === 'SPR')?.mutuelle).toBe(0);
  });

  it('groups the kinds of care by code, most spent first', () => {
    const sante = anneeSante(
      [
        aPaiement({ detailRemboursement: [consultation, pharmacie, { ...consultation, idLigne: 2 }] }),
        aPaiement({ paymentId: 'P2', detailRemboursement: [lunettes] }),
      ],
      2026,
      [],
    );
    expect(sante.parSoins.map((soins) => [soins.codeActe, soins.libelle, soins.depense])).toEqual([
      ['OPTI', 'Verres', 420],
      ['G', 'Consultation généraliste', 60],
      ['PHAR', 'Pharmacie', 45.1],
    ]);
  });

  it('splits the year between the persons, in the order of the beneficiaries list', () => {
    const sante = anneeSante(
      [
        aPaiement({ beneficiaryFirstName: 'LUCAS', detailRemboursement: [lunettes] }),
        aPaiement({ paymentId: 'P2', detailRemboursement: [consultation] }),
        aPaiement({ paymentId: 'P3', beneficiaryFirstName: 'Lucas', detailRemboursement: [pharmacie] }),
      ],
      2026,
      [aBeneficiaire(), lucas],
    );
    expect(sante.parPersonne.map((personne) => [personne.personne, personne.depense])).toEqual([
      ['Marie DUPONT', 30],
      ['Lucas DUPONT', 465.1],
    ]);
  });

  it('adds months, kinds and persons up to the totals, to the cent', () => {
    const lignes = Array.from({ length: 30 }, (_, index) =>
      aLigne({
        idLigne: index,
        codeActe: index % 2 === 0 ? 'G' : 'PHAR',
        startDate: `2026-${String((index % 12) + 1).padStart(2, '0')}-15`,
        expenseAmount: 10.1,
        montantSecu: 3.3,
        refundableAmount: 4.7,
        resteACharge: 2.1,
      }),
    );
    const sante = anneeSante(
      [
        aPaiement({ detailRemboursement: lignes.slice(0, 15) }),
        aPaiement({ paymentId: 'P2', beneficiaryFirstName: 'Lucas', detailRemboursement: lignes.slice(15) }),
      ],
      2026,
      [],
    );
    expect(sante.total).toEqual({ depense: 303, secu: 99, mutuelle: 141, resteACharge: 63 });
    for (const colonne of colonnesMontants) {
      expect(sum(sante.parMois, colonne)).toBe(sante.total[colonne]);
      expect(sum(sante.parSoins, colonne)).toBe(sante.total[colonne]);
      expect(sum(sante.parPersonne, colonne)).toBe(sante.total[colonne]);
    }
  });
});
