import { describe, expect, it } from 'vitest';
import compteTexts from '@/i18n/fr/compte.json';
import { addMessages } from '@/i18n/t';
import { bornesFin, invitationSchema, type InvitationValues, nouvelleDelegation, nouvelleInvitation } from './delegation-schema';

addMessages(compteTexts);

const today = new Date(2026, 10, 22);
const valeurs: InvitationValues = {
  courriel: ' claire.dupont@example.org ',
  REMBOURSEMENTS: true,
  ATTESTATIONS: false,
  DEMANDES: true,
  fin: '2027-02-22',
};

/** The messages of the rules `values` breaks, by field. */
function erreurs(changes: Partial<InvitationValues>): Record<string, string> {
  const result = invitationSchema(today).safeParse({ ...valeurs, ...changes });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('a new invitation', () => {
  it('offers an end 3 months ahead, and allows from tomorrow to a year from today', () => {
    expect(nouvelleInvitation(today)).toEqual({
      courriel: '',
      REMBOURSEMENTS: false,
      ATTESTATIONS: false,
      DEMANDES: false,
      fin: '2027-02-22',
    });
    expect(bornesFin(today)).toEqual({ min: '2026-11-23', max: '2027-11-22', parDefaut: '2027-02-22' });
  });
});

describe('the invitation’s rules', () => {
  it('accept an address, a right and an end within the year', () => {
    expect(erreurs({})).toEqual({});
    expect(erreurs({ fin: '2026-11-23' })).toEqual({});
    expect(erreurs({ fin: '2027-11-22' })).toEqual({});
  });

  it('ask for at least one right, said by the first box', () => {
    expect(erreurs({ REMBOURSEMENTS: false, DEMANDES: false })).toEqual({
      REMBOURSEMENTS: 'Choisissez au moins un droit.',
    });
  });

  it('refuse an end today or before, and one more than a year ahead', () => {
    expect(erreurs({ fin: '2026-11-22' })).toEqual({ fin: 'La date de fin doit être postérieure à aujourd’hui.' });
    expect(erreurs({ fin: '2025-01-01' })).toEqual({ fin: 'La date de fin doit être postérieure à aujourd’hui.' });
    expect(erreurs({ fin: '2027-11-23' })).toEqual({ fin: 'Une délégation dure un an au plus.' });
    expect(erreurs({ fin: '' })).toEqual({ fin: 'Indiquez la date de fin de la délégation.' });
  });

  it('ask for a valid address', () => {
    expect(erreurs({ courriel: '  ' })).toEqual({ courriel: 'Indiquez l’adresse électronique de la personne.' });
    expect(erreurs({ courriel: 'claire.dupont' })).toEqual({
      courriel: 'Cette adresse électronique n’est pas valide : vérifiez-la.',
    });
    expect(erreurs({ courriel: `${'a'.repeat(250)}@example.org` })).toEqual({
      courriel: 'Une adresse électronique compte au plus 254 caractères.',
    });
  });
});

describe('the invitation sent', () => {
  it('names the rights chosen, the address trimmed', () => {
    expect(nouvelleDelegation(valeurs)).toEqual({
      courriel: 'claire.dupont@example.org',
      droits: ['REMBOURSEMENTS', 'DEMANDES'],
      fin: '2027-02-22',
    });
  });
});
