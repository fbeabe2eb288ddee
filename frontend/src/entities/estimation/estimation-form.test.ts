import { describe, expect, it } from 'vitest';
import { demandeEstimation, emptyEstimation, type EstimationValues } from './estimation-form';
import { estimationSchema } from './estimation-schema';
import { hasPanier100, quantiteKind, soinGroups } from './estimation-soins';

/** A quote for glasses outside the basket, for Marie (id 1). */
const lunettes: EstimationValues = {
  ...emptyEstimation,
  beneficiaire: '1',
  soin: 'OPTIQUE_VERRES_SIMPLES',
  centPourCentSante: 'non',
  prix: '450',
};

/** The message of each field the schema refuses, by field. */
function errors(values: EstimationValues): Record<string, string> {
  const result = estimationSchema.safeParse(values);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('the estimation form’s rules', () => {
  it('accept a complete quote, its price typed the French way', () => {
    expect(errors(lunettes)).toEqual({});
    expect(errors({ ...lunettes, prix: '1 250,50', baseSecu: '9,00', tauxSecu: '60 %' })).toEqual({});
  });

  it('want a person and a kind of care', () => {
    expect(errors({ ...lunettes, beneficiaire: '', soin: '' })).toEqual({
      beneficiaire: 'Choisissez la personne concernée.',
      soin: 'Choisissez le type de soin.',
    });
    expect(errors({ ...lunettes, soin: 'OPTIQUE_LUNETTES_DE_SOLEIL' })).toHaveProperty('soin');
  });

  it('want the 100 % Santé answer only where the care has a basket', () => {
    expect(errors({ ...lunettes, centPourCentSante: '' })).toEqual({
      centPourCentSante: 'Indiquez si l’équipement fait partie du panier 100 % Santé.',
    });
    expect(errors({ ...lunettes, soin: 'DENTAIRE_IMPLANT', centPourCentSante: '' })).toEqual({});
  });

  it.each([
    ['', 'Indiquez le prix du devis.'],
    ['-5', 'Saisissez un montant en euros, par exemple 450 ou 1 250,50.'],
    ['12 €', 'Saisissez un montant en euros, par exemple 450 ou 1 250,50.'],
    ['450,125', 'Indiquez au plus deux chiffres après la virgule.'],
    ['0', 'Le prix doit être supérieur à 0 €.'],
    ['0,00', 'Le prix doit être supérieur à 0 €.'],
    ['100000,01', 'Le prix ne peut pas dépasser 100 000 €.'],
  ])('refuse the price "%s"', (prix, message) => {
    expect(errors({ ...lunettes, prix })).toEqual({ prix: message });
  });

  it('take a price of 100 000 € exactly', () => {
    expect(errors({ ...lunettes, prix: '100 000' })).toEqual({});
  });

  it('refuse a base above the price, or badly written, and a rate beyond 100', () => {
    expect(errors({ ...lunettes, baseSecu: '450,01' })).toEqual({
      baseSecu: 'La base de la Sécurité sociale ne peut pas dépasser le prix.',
    });
    expect(errors({ ...lunettes, baseSecu: '450' })).toEqual({});
    expect(errors({ ...lunettes, baseSecu: '-1' })).toHaveProperty('baseSecu');
    expect(errors({ ...lunettes, baseSecu: '9,999' })).toHaveProperty('baseSecu');
    expect(errors({ ...lunettes, tauxSecu: '101' })).toEqual({ tauxSecu: 'Indiquez un taux entre 0 et 100.' });
    expect(errors({ ...lunettes, tauxSecu: '0' })).toEqual({});
    expect(errors({ ...lunettes, tauxSecu: '60,5' })).toHaveProperty('tauxSecu');
  });

  it('want one ear or both for hearing aids, and 1 to 60 nights for a private room', () => {
    const aide = { ...lunettes, soin: 'AUDIOLOGIE_AIDE_AUDITIVE' };
    expect(errors({ ...aide, quantite: '' })).toEqual({ quantite: 'Choisissez une oreille ou les deux.' });
    expect(errors({ ...aide, quantite: '3' })).toHaveProperty('quantite');
    expect(errors({ ...aide, quantite: '2' })).toEqual({});
    const chambre = { ...lunettes, soin: 'HOSPITALISATION_CHAMBRE_PARTICULIERE', centPourCentSante: '' };
    expect(errors({ ...chambre, quantite: '0' })).toEqual({ quantite: 'Indiquez un nombre de nuits entre 1 et 60.' });
    expect(errors({ ...chambre, quantite: '61' })).toHaveProperty('quantite');
    expect(errors({ ...chambre, quantite: '5' })).toEqual({});
    // Any other care is one of its kind: the quantity is neither asked nor checked.
    expect(errors({ ...lunettes, quantite: 'n’importe quoi' })).toEqual({});
  });
});

describe('the estimation request', () => {
  it('says false for the basket where the care has none, whatever was answered before', () => {
    expect(demandeEstimation({ ...lunettes, centPourCentSante: 'oui' })).toEqual({
      idBeneficiaire: 1,
      soin: 'OPTIQUE_VERRES_SIMPLES',
      centPourCentSante: true,
      prix: 450,
    });
    expect(demandeEstimation({ ...lunettes, soin: 'OPTIQUE_LENTILLES', centPourCentSante: 'oui' })).toEqual({
      idBeneficiaire: 1,
      soin: 'OPTIQUE_LENTILLES',
      centPourCentSante: false,
      prix: 450,
    });
  });

  it('carries the quantity only for the care it counts', () => {
    expect(demandeEstimation({ ...lunettes, soin: 'AUDIOLOGIE_AIDE_AUDITIVE', quantite: '2' })).toHaveProperty(
      'quantite',
      2,
    );
    expect(
      demandeEstimation({ ...lunettes, soin: 'HOSPITALISATION_CHAMBRE_PARTICULIERE', quantite: ' 4 ' }),
    ).toHaveProperty('quantite', 4);
    expect(demandeEstimation({ ...lunettes, quantite: '2' })).not.toHaveProperty('quantite');
  });

  it('carries the base and the rate only when typed, as numbers', () => {
    expect(demandeEstimation({ ...lunettes, prix: '1 250,5', baseSecu: '52,50', tauxSecu: '70 %' })).toEqual({
      idBeneficiaire: 1,
      soin: 'OPTIQUE_VERRES_SIMPLES',
      centPourCentSante: false,
      prix: 1250.5,
      baseSecu: 52.5,
      tauxSecu: 70,
    });
  });
});

describe('the kinds of care', () => {
  it('offer the 100 % Santé question only where the member API has a basket', () => {
    const withBasket = soinGroups.flatMap((group) => group.soins).filter(hasPanier100);
    expect(withBasket).toEqual([
      'OPTIQUE_VERRES_SIMPLES',
      'OPTIQUE_VERRES_COMPLEXES',
      'OPTIQUE_VERRES_TRES_COMPLEXES',
      'DENTAIRE_COURONNE',
      'DENTAIRE_BRIDGE',
      'DENTAIRE_PROTHESE_AMOVIBLE',
      'AUDIOLOGIE_AIDE_AUDITIVE',
    ]);
    expect(quantiteKind('AUDIOLOGIE_AIDE_AUDITIVE')).toBe('oreilles');
    expect(quantiteKind('HOSPITALISATION_CHAMBRE_PARTICULIERE')).toBe('nuits');
    expect(quantiteKind('DENTAIRE_IMPLANT')).toBeNull();
  });
});
