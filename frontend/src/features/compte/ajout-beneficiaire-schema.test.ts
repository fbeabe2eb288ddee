import { describe, expect, it } from 'vitest';
import ajoutTexts from '@/i18n/fr/ajout-beneficiaire.json';
import { addMessages } from '@/i18n/t';
import {
  ajoutBeneficiaire,
  ajoutSchema,
  documentsGardes,
  nirBienForme,
  nirCleValide,
  nirSaisi,
} from './ajout-beneficiaire-schema';

addMessages(ajoutTexts);

const today = new Date(2026, 10, 22);
const valeurs = {
  lien: 'NOUVEAU_NE',
  civilite: 'MADAME',
  prenom: ' Jade ',
  nom: 'Dupont',
  dateNaissance: '2026-11-02',
  rattache: true,
  numero: '',
  commentaire: '',
};

function erreurs(changes: Partial<typeof valeurs>): string[] {
  const result = ajoutSchema(today).safeParse({ ...valeurs, ...changes });
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('the social security number', () => {
  it('is read without its spaces, in capitals', () => {
    expect(nirSaisi(' 1 85 05 2a 004 123 06 ')).toBe('185052A00412306');
  });

  it('has 13 characters, 2A or 2B for Corsica, and a key of 2 digits', () => {
    expect(nirBienForme('185052A00412306')).toBe(true);
    expect(nirBienForme('1850575111042')).toBe(false);
    expect(nirBienForme('185052C00412306')).toBe(false);
  });

  it('has the key the INSEE computes, 2A counting as 19 and 2B as 18', () => {
    expect(nirCleValide('190017511104253')).toBe(true);
    expect(nirCleValide('190017511104254')).toBe(false);
    expect(nirCleValide('185052A00412356')).toBe(true);
    expect(nirCleValide('185052B00412356')).toBe(false);
    expect(nirCleValide('185052B00412383')).toBe(true);
  });
});

describe('the form’s rules', () => {
  it('covers a newborn born within 3 months, and tells to declare an older one as a child', () => {
    expect(erreurs({ dateNaissance: '2026-08-22' })).toEqual([]);
    expect(erreurs({ dateNaissance: '2026-08-21' })).toEqual([
      'Votre enfant est né il y a plus de 3 mois : déclarez-le comme enfant. Il sera couvert à partir du premier jour du mois suivant votre demande.',
    ]);
    expect(erreurs({ lien: 'ENFANT', dateNaissance: '2026-08-21' })).toEqual([]);
    expect(erreurs({ dateNaissance: '2026-11-23' })).toEqual([
      'La date de naissance ne peut pas être postérieure à aujourd’hui.',
    ]);
  });

  it('asks a spouse’s own number; a child may be attached to the member’s', () => {
    expect(erreurs({ lien: 'CONJOINT', dateNaissance: '1985-05-08' })).toEqual([
      'Indiquez le numéro de sécurité sociale de votre conjoint : seul un enfant peut être rattaché au vôtre.',
    ]);
    expect(erreurs({ lien: 'ENFANT', rattache: false, numero: '1 90 01 75 111 042 54' })).toEqual([
      'La clé du numéro de sécurité sociale (ses 2 derniers chiffres) ne correspond pas au numéro : vérifiez-le sur la carte Vitale ou l’attestation de droits.',
    ]);
  });

  it('limits the names to 60 characters', () => {
    expect(erreurs({ prenom: 'a'.repeat(61) })).toEqual(['60 caractères au plus.']);
  });
});

describe('the request sent', () => {
  it('attaches a child by sending no number, and trims what was typed', () => {
    expect(ajoutBeneficiaire({ ...valeurs, numero: '1 90' }, [7])).toEqual({
      lien: 'NOUVEAU_NE',
      civilite: 'MADAME',
      prenom: 'Jade',
      nom: 'Dupont',
      dateNaissance: '2026-11-02',
      numeroSecuriteSociale: null,
      idDocuments: [7],
    });
    expect(
      ajoutBeneficiaire({ ...valeurs, lien: 'CONJOINT', numero: '2 85 05 2a 004 123 06', commentaire: ' PACS ' }, [8]),
    ).toMatchObject({ numeroSecuriteSociale: '285052A00412306', commentaire: 'PACS' });
  });

  it('reads back only well-formed documents kept across the sign-in', () => {
    expect(documentsGardes('[{"id":3,"nom":"acte.pdf"},{"id":"4"},null]')).toEqual([{ id: 3, nom: 'acte.pdf' }]);
    expect(documentsGardes('pas du JSON')).toEqual([]);
  });
});
