import { describe, expect, it } from 'vitest';
import { aContrat, aPaiement } from '@/test/fixtures';
import {
  contratLabel,
  motifReclamationLabel,
  motifsReclamation,
  paiementLabel,
  paiementsRecentsQuery,
} from './reclamation-labels';
import demandesTexts from '@/i18n/fr/demandes.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(demandesTexts);

describe('a complaint’s labels', () => {
  it('name each motif in the member’s words', () => {
    expect(motifsReclamation.map(motifReclamationLabel)).toEqual([
      'Un remboursement',
      'Mes cotisations',
      'Mon contrat ou mes garanties',
      'La qualité de notre service',
      'Autre chose',
    ]);
    expect(motifReclamationLabel('INCONNU')).toBe('INCONNU');
  });

  it('name a contract by its number and product', () => {
    expect(contratLabel(aContrat())).toBe('IND-004512 — Santé Famille Confort');
  });

  it('name a payment by its day, its person and what the mutual paid', () => {
    expect(paiementLabel(aPaiement({ paymentDate: '2026-11-17', beneficiaryFirstName: 'emma', montantRembourse: 1234.5 }))).toBe(
      'Paiement du 17/11/2026 — Emma DUPONT — 1\u202f234,50\u00a0€',
    );
  });

  it('offer the payments of the last 12 months', () => {
    expect(paiementsRecentsQuery(new Date(2026, 10, 24, 15, 30))).toEqual({ dateDebut: '2025-11-24' });
  });
});
