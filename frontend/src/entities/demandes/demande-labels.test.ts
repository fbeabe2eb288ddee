import { describe, expect, it } from 'vitest';
import { demandeEtat, demandeEtatLabel, demandeTypeLabel, isDemandeTerminee } from './demande-labels';
import { demandeTypeCode, demandeTypeCodes, typesDemande } from './types-demande';

describe('demandeTypeLabel', () => {
  it.each(demandeTypeCodes)('has a label of its own for the type code %s', (code) => {
    const label = demandeTypeLabel(code);

    expect(label).not.toBe('Demande');
    expect(label).not.toContain(code);
  });

  it('gives each type code a different label', () => {
    const labels = demandeTypeCodes.map(demandeTypeLabel);

    expect(new Set(labels).size).toBe(demandeTypeCodes.length);
  });

  it.each([
    ['DEV', 'Envoi de devis'],
    ['RAD', 'Résiliation'],
    ['PEH', 'Prise en charge hospitalière'],
    ['SNR', 'Signalement d’un soin non reconnu'],
    ['ABE', 'Ajout d’un bénéficiaire'],
    // Step 1's « Une facture de soins », the one choice with this code, in the member's words.
    ['AUT', 'Facture de soins'],
  ])('reads %s as "%s"', (code, label) => {
    expect(demandeTypeLabel(code)).toBe(label);
  });

  it.each(['', 'INCONNU', 'toString'])('reads "Demande" for the code "%s"', (code) => {
    expect(demandeTypeLabel(code)).toBe('Demande');
  });
});

describe('demandeEtatLabel', () => {
  it.each([
    ['A_TRAITER', 'À traiter'],
    ['EN_COURS', 'En cours'],
    ['EN_ATTENTE_DE_PIECES', 'En attente de pièces'],
    ['TERMINE', 'Terminée'],
    ['Traité', 'Traitée'],
  ])('reads the state %s as "%s"', (etat, label) => {
    expect(demandeEtatLabel(etat)).toBe(label);
  });

  it('reads a state the catalogue does not know as pending', () => {
    expect(demandeEtatLabel('EN_REVUE')).toBe('En cours de traitement');
  });
});

describe('isDemandeTerminee', () => {
  it.each(['TERMINE', 'Traité'])('is done in the state %s', (etat) => {
    expect(isDemandeTerminee(etat)).toBe(true);
  });

  it.each(['A_TRAITER', 'EN_COURS', 'EN_ATTENTE_DE_PIECES', 'termine', 'Traite', ''])(
    'is pending in the state "%s"',
    (etat) => {
      expect(isDemandeTerminee(etat)).toBe(false);
    },
  );
});

describe('demandeEtat', () => {
  const ajout = {
    lien: 'ENFANT' as const,
    prenom: 'Léo',
    nom: 'DUPONT',
    dateNaissance: '2020-05-02',
    dateEffetPrevue: '2026-03-01',
    decision: null,
  };

  it('is the request’s state while the mutual has not given its final answer', () => {
    expect(demandeEtat({ Etat: 'EN_ATTENTE_DE_PIECES' })).toBe('EN_ATTENTE_DE_PIECES');
    expect(demandeEtat({ Etat: 'A_TRAITER', ajoutBeneficiaire: ajout })).toBe('A_TRAITER');
    expect(demandeEtat({ Etat: 'Traité' })).toBe('Traité');
  });

  it('is done once a person to add is accepted or refused, whatever the state left open', () => {
    const decision = { accepte: false, dateEffet: null, motif: 'Pièce illisible.' };

    expect(demandeEtat({ Etat: 'EN_COURS', ajoutBeneficiaire: { ...ajout, decision } })).toBe('TERMINE');
  });
});

describe('demandeTypeCode', () => {
  // The table of docs/product/limits.md#request-type-codes, one row per distinct kind of entry
  // rather than every row.
  it.each([
    ['JUSTIFICATIF_DE_DOMICILE', 'MAJD', 'a type with a code of its own'],
    ['RIB', 'RIB', 'a type that shares its name with its code'],
    ['MANDAT_SEPA', 'RIB', 'one of the three bank-details types that share a code'],
    ['MISE_A_JOUR_RIB', 'RIB', 'another of the three bank-details types'],
    ['DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE', 'MED', 'the second of the two alternative-medicine types'],
    ['JUSTIFICATIF_DE_SCOLARITÉ', 'JSCO', 'a type spelt with an accent'],
    ['DEMANDE_DE_RESILIATION', 'RAD', 'the termination the portal sends itself'],
    ['RECLAMATION', 'REC', 'the complaint, which came after the table'],
    ['SOIN_NON_RECONNU', 'SNR', 'the report of care not received, which came after the table'],
  ])('maps %s to %s (%s)', (type, code) => {
    expect(demandeTypeCode(type)).toBe(code);
  });

  it.each([
    ['', 'nothing'],
    ['AUTRE', 'a type the table does not name'],
    ['JUSTIFICATIF_DE_SCOLARITE', 'a type of the table without its accent'],
    ['rib', 'a type of the table in lower case'],
    ['toString', 'a name every object inherits'],
    ['__proto__', 'the prototype’s name'],
  ])('gives the empty code to "%s" (%s)', (type) => {
    expect(demandeTypeCode(type)).toBe('');
  });

  it.each([
    ['ENVOI_DE_DEVIS', 'Envoi de devis'],
    ['MANDAT_SEPA', 'Coordonnées bancaires'],
    ['DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER', 'Remboursement médecine douce'],
    ['RECLAMATION', 'Réclamation'],
    ['SOIN_NON_RECONNU', 'Signalement d’un soin non reconnu'],
    ['AUTRE', 'Demande'],
  ])('labels the type %s, through its code, "%s"', (type, label) => {
    expect(demandeTypeLabel(demandeTypeCode(type))).toBe(label);
  });

  it('knows the 18 types of the table, the complaint, the care report and a beneficiary to add, each with a code that has a label', () => {
    expect(typesDemande).toHaveLength(21);
    for (const type of typesDemande) {
      expect(demandeTypeCodes).toContain(demandeTypeCode(type));
    }
  });
});
