import { describe, expect, it } from 'vitest';
import { typesDemande } from '@/entities/demandes/types-demande';
import { paths } from '@/config/paths';
import { creationGroups, documentsMissing, documentsRequired, formKind, hasPageOfItsOwn } from './creation-choices';

const offered = creationGroups.flatMap((group) => group.choices.map((choice) => choice.type));

describe('step 1', () => {
  it('offers the groups of the member’s words', () => {
    expect(creationGroups.map((group) => group.id)).toEqual([
      'facture',
      'remboursement',
      'priseEnCharge',
      'miseAJour',
      'question',
      'reclamation',
    ]);
  });

  it('offers each type once', () => {
    expect(new Set(offered).size).toBe(offered.length);
  });

  it('offers the type the home page’s invoice tile preselects', () => {
    const type = new URL(paths.envoiFacture, 'https://portail.example').searchParams.get('type');

    expect(offered).toContain(type);
  });

  it('leaves out only back-office variants and the requests with a page of their own', () => {
    expect(typesDemande.filter((type) => !offered.includes(type))).toEqual([
      'RIB',
      'DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE',
      'DEMANDE_DE_RESILIATION',
      'SOIN_NON_RECONNU',
      'AJOUT_BENEFICIAIRE',
    ]);
  });

  it('sends the termination, the care report and a beneficiary to add to their own pages, and nothing else', () => {
    expect(typesDemande.filter(hasPageOfItsOwn)).toEqual([
      'DEMANDE_DE_RESILIATION',
      'SOIN_NON_RECONNU',
      'AJOUT_BENEFICIAIRE',
    ]);
  });
});

describe('the form of each type', () => {
  it.each([
    ['DEMANDE_DE_REMBOURSEMENT_DENTAIRE', 'soins', true],
    ['ENVOI_DE_DEVIS', 'devis', true],
    ['UNE_QUESTION_AFFILIATION_COTISATION', 'question', false],
    ['PRISE_EN_CHARGE_HOSPITALIERE', 'hospitalisation', false],
    ['MANDAT_SEPA', 'justificatif', true],
    ['ATTESTATION_VITALE', 'justificatif', true],
    ['RECLAMATION', 'reclamation', false],
  ] as const)('%s: %s, documents required: %s', (type, kind, required) => {
    expect(formKind(type)).toBe(kind);
    expect(documentsRequired(type)).toBe(required);
  });
});

describe('a required document missing', () => {
  it('is asked for in a quote’s own words, the quote being what the mutual answers', () => {
    expect(documentsMissing('ENVOI_DE_DEVIS')).toBe('creation.documents.requis.devis');
    expect(documentsMissing('DEMANDE_DE_REMBOURSEMENT_OPTIQUE')).toBe('creation.documents.requis');
    expect(documentsMissing('ATTESTATION_VITALE')).toBe('creation.documents.requis');
  });
});
