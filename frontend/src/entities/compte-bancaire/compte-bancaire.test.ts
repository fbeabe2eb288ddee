import { describe, expect, it } from 'vitest';
import { compteEnvoye, compteSchema } from './compte-bancaire';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

// The same rules in « Coordonnées bancaires » (compte-schemas.test.ts) and for a SEPA mandate.
describe('an account typed', () => {
  const compte = { titulaire: ' Marie DUPONT ', iban: 'fr76 3000 6000 0112 3456 7890 189', bic: 'agrifrppxxx' };

  it('is sent without the IBAN’s spaces, the BIC in capitals, the holder trimmed', () => {
    expect(compteSchema.safeParse(compte).success).toBe(true);
    expect(compteEnvoye(compte)).toEqual({
      titulaire: 'Marie DUPONT',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPPXXX',
    });
  });

  it('says in French what is wrong with each field', () => {
    expect(messages(compteSchema.safeParse({ ...compte, titulaire: ' ' }))).toEqual(['Indiquez le titulaire du compte.']);
    expect(messages(compteSchema.safeParse({ ...compte, titulaire: 'x'.repeat(71) }))).toEqual([
      'Le titulaire compte au plus 70 caractères.',
    ]);
    expect(messages(compteSchema.safeParse({ ...compte, iban: 'FR7630006000011234567890188' }))).toEqual([
      'Cet IBAN n’est pas valide : vérifiez chaque caractère et sa longueur.',
    ]);
    expect(messages(compteSchema.safeParse({ ...compte, bic: 'AGRIFRPPX' }))).toEqual([
      'Le BIC compte 8 ou 11 caractères (lettres et chiffres).',
    ]);
  });

  it('refuses a BIC of another country than the IBAN’s, on the BIC', () => {
    const result = compteSchema.safeParse({ ...compte, bic: 'DEUTDEFFXXX' });
    expect(result.error?.issues.map(({ path, message }) => [path, message])).toEqual([
      [['bic'], 'Ce BIC n’est pas celui d’une banque du pays de l’IBAN.'],
    ]);
  });
});
