import { describe, expect, it } from 'vitest';
import homeTexts from '@/i18n/fr/home.json';
import { addMessages } from '@/i18n/t';
import type { Nouveaute } from './api/get-home';
import { nouveauteLigne } from './nouveaute-lignes';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(homeTexts);

const aucune: Nouveaute = {
  type: 'STATUT_DEMANDE',
  survenuLe: '2026-11-18T08:00:00+01:00',
  paymentId: null,
  paymentDate: null,
  montantRembourse: null,
  demandeId: null,
  TypeCode: null,
  Etat: null,
  nomFichier: null,
};

describe('nouveauteLigne', () => {
  it('tells a payment by its day, with its amount, leading to that payment day', () => {
    expect(
      nouveauteLigne({ ...aucune, type: 'REMBOURSEMENT', paymentId: 'P1', paymentDate: '2026-11-17', montantRembourse: 9 }),
    ).toEqual({
      texte: 'Nouveau remboursement du 17/11/2026',
      lien: '/mutuelle/remboursements/2026-11-17',
      montant: 9,
    });
  });

  it('names a request’s type and new state by their labels', () => {
    expect(nouveauteLigne({ ...aucune, demandeId: 4, TypeCode: 'RAD', Etat: 'Traité' })).toEqual({
      texte: 'Votre demande Résiliation : Traitée',
      lien: '/mutuelle/demandes/4',
      montant: null,
    });
  });

  it('reads codes it does not know as a request pending, and an event without a request unlinked', () => {
    expect(
      nouveauteLigne({ ...aucune, TypeCode: 'XYZ', Etat: 'EN_REVUE' } as unknown as Nouveaute),
    ).toEqual({
      texte: 'Votre demande Demande : En cours de traitement',
      lien: null,
      montant: null,
    });
  });

  it('leaves out an event of a kind it does not know', () => {
    expect(nouveauteLigne({ ...aucune, type: 'AUTRE' } as unknown as Nouveaute)).toBeNull();
  });
});
