import { describe, expect, it } from 'vitest';
import {
  demandeEtatLabel,
  demandeTypeCodes,
  demandeTypeLabel,
  isDemandeTerminee,
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
