import { describe, expect, it } from 'vitest';
import { carteTpDisponible, contratEnVigueur } from './couverture';

describe('a contract in force', () => {
  it.each([
    { Radie: false, Futur: false, enVigueur: true },
    { Radie: true, Futur: false, enVigueur: false },
    { Radie: false, Futur: true, enVigueur: false },
  ])('is $enVigueur when Radie is $Radie and Futur is $Futur', ({ Radie, Futur, enVigueur }) => {
    expect(contratEnVigueur({ Radie, Futur })).toBe(enVigueur);
  });
});

describe('a tiers-payant card to show', () => {
  it.each([
    { Radie: false, CarteTp: true, CarteTpSuivante: false, shown: true },
    { Radie: false, CarteTp: false, CarteTpSuivante: true, shown: true },
    { Radie: false, CarteTp: false, CarteTpSuivante: false, shown: false },
    { Radie: true, CarteTp: true, CarteTpSuivante: true, shown: false },
  ])(
    'is $shown when Radie is $Radie, CarteTp $CarteTp and CarteTpSuivante $CarteTpSuivante',
    ({ shown, ...flags }) => {
      expect(carteTpDisponible(flags)).toBe(shown);
    },
  );
});
