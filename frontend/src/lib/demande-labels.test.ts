import { describe, expect, it } from 'vitest';
import {
  demandeEtatLabel,
  demandeTypeCode,
  demandeTypeCodes,
  demandeTypeLabel,
  isDemandeTerminee,
  typesDemande,
} from './demande-labels';

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

describe('demandeTypeCode', () => {
  // SPEC.md §9, row by row.
  it.each([
    ['JUSTIFICATIF_DE_DOMICILE', 'MAJD'],
    ['ATTESTATION_FRANCE_TRAVAIL', 'PRT'],
    ['ATTESTATION_VITALE', 'MAJV'],
    ['JUSTIFICATIF_DE_SCOLARITÉ', 'JSCO'],
    ['MANDAT_SEPA', 'RIB'],
    ['MISE_A_JOUR_RIB', 'RIB'],
    ['RIB', 'RIB'],
    ['UNE_QUESTION_SANTÉ', 'QUE'],
    ['UNE_QUESTION_AFFILIATION_COTISATION', 'QUC'],
    ['DEMANDE_DE_REMBOURSEMENT_DENTAIRE', 'DEN'],
    ['DEMANDE_DE_REMBOURSEMENT_HOSPITALISATION', 'HOS'],
    ['DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_A_TRAITER', 'MED'],
    ['DEMANDE_DE_REMBOURSEMENT_MEDECINE_DOUCE_AUTOMATIQUE', 'MED'],
    ['DEMANDE_DE_REMBOURSEMENT_OPTIQUE', 'OPT'],
    ['DEMANDE_DE_REMBOURSEMENT_AUTRE_MOTIF', 'AUT'],
    ['ENVOI_DE_DEVIS', 'DEV'],
    ['PRISE_EN_CHARGE_HOSPITALIERE', 'PEH'],
    ['DEMANDE_DE_RESILIATION', 'RAD'],
  ])('maps %s to %s', (type, code) => {
    expect(demandeTypeCode(type)).toBe(code);
  });

  it.each(['', 'AUTRE', 'JUSTIFICATIF_DE_SCOLARITE', 'toString', '__proto__'])(
    'gives the empty code to any other value ("%s")',
    (type) => {
      expect(demandeTypeCode(type)).toBe('');
    },
  );

  it('knows every type of the member API, each with a code that has a label', () => {
    expect(typesDemande).toHaveLength(18);
    for (const type of typesDemande) {
      expect(demandeTypeCodes).toContain(demandeTypeCode(type));
    }
  });
});
