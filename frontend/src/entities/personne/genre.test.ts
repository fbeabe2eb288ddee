import { describe, expect, it } from 'vitest';
import { genreDeCivilite } from './genre';

describe('genreDeCivilite', () => {
  it.each(['Mme', 'Mme.', 'MADAME', 'Madame', 'Mlle', ' mme '])('reads %s as feminine', (civilite) => {
    expect(genreDeCivilite(civilite)).toBe('feminin');
  });

  it.each(['M.', 'M', 'MONSIEUR', 'Monsieur', 'Mr'])('reads %s as masculine', (civilite) => {
    expect(genreDeCivilite(civilite)).toBe('masculin');
  });

  it.each(['', 'Dr', 'Me', null, undefined])('does not guess for %s', (civilite) => {
    expect(genreDeCivilite(civilite)).toBeNull();
  });
});
