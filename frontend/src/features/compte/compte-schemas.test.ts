import { describe, expect, it } from 'vitest';
import {
  adresseSchema,
  banqueSchema,
  changementAdresse,
  nouveauCompte,
} from './compte-schemas';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';

// The page that shows these texts adds their section of the catalogue (see i18n/catalogue.ts).
addMessages(compteTexts);

const adresse = {
  numeroEtVoie: '12 rue des Lilas',
  complementDestinataire: '',
  complementAdresse: 'Bâtiment B',
  lieuDit: '',
  codePostal: '69003',
  commune: 'LYON',
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('the address form', () => {
  it('accepts a complete French address', () => {
    expect(adresseSchema.safeParse(adresse).success).toBe(true);
  });

  it('says what is wrong, in French', () => {
    expect(messages(adresseSchema.safeParse({ ...adresse, codePostal: '6900' }))).toEqual([
      'Le code postal compte 5 chiffres.',
    ]);
    expect(messages(adresseSchema.safeParse({ ...adresse, numeroEtVoie: ' ' }))).toEqual([
      'Indiquez le numéro et la voie.',
    ]);
    expect(messages(adresseSchema.safeParse({ ...adresse, commune: '' }))).toEqual([
      'Choisissez votre commune dans la liste.',
    ]);
    expect(messages(adresseSchema.safeParse({ ...adresse, lieuDit: 'x'.repeat(39) }))).toEqual([
      'Une ligne d’adresse compte au plus 38 caractères.',
    ]);
  });

  it('sends the lines typed, and erases those left empty', () => {
    expect(changementAdresse(adresse)).toEqual({
      putAdresse: {
        numeroEtVoie: '12 rue des Lilas',
        complementAdresse: 'Bâtiment B',
        codePostal: '69003',
        commune: 'LYON',
        pays: 'FRANCE',
      },
      infoASupprimer: ['complementDestinataire', 'lieuDit'],
    });
  });
});

describe('the bank details form', () => {
  const compte = {
    beneficiaire: '',
    titulaire: 'Marie DUPONT',
    iban: 'fr76 3000 6000 0112 3456 7890 189',
    bic: 'agrifrppxxx',
  };

  it('accepts an IBAN with spaces and lower case, and a BIC of its country', () => {
    expect(banqueSchema.safeParse(compte).success).toBe(true);
    expect(nouveauCompte(compte)).toEqual({
      usage: 'PRESTATIONS',
      titulaire: 'Marie DUPONT',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
    });
    expect(nouveauCompte({ ...compte, beneficiaire: '4' })).toMatchObject({ idBeneficiaire: 4 });
  });

  it('refuses an IBAN whose check digits are wrong, or too short for its country', () => {
    const refused = 'Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.';
    expect(messages(banqueSchema.safeParse({ ...compte, iban: 'FR7630006000011234567890188' }))).toEqual([refused]);
    expect(messages(banqueSchema.safeParse({ ...compte, iban: 'FR76300060000112345678901' }))).toEqual([refused]);
  });

  it('refuses a BIC of 9 characters, or of another country than the IBAN', () => {
    expect(messages(banqueSchema.safeParse({ ...compte, bic: 'AGRIFRPPX' }))).toEqual([
      'Le BIC compte 8 ou 11 caractères (lettres et chiffres).',
    ]);
    expect(messages(banqueSchema.safeParse({ ...compte, bic: 'DEUTDEFFXXX' }))).toEqual([
      'Ce BIC n’est pas celui d’une banque du pays de l’IBAN.',
    ]);
  });

  it('asks for the holder', () => {
    expect(messages(banqueSchema.safeParse({ ...compte, titulaire: '' }))).toEqual([
      'Indiquez le titulaire du compte.',
    ]);
  });
});
