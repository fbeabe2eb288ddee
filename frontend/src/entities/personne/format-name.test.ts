import { describe, expect, it } from 'vitest';
import { memberDisplayName, titleCase } from './format-name';

describe('titleCase', () => {
  it.each([
    ['marie', 'Marie'],
    ['JEAN', 'Jean'],
    ['léa', 'Léa'],
    ['ÉLODIE', 'Élodie'],
    ['marie-claire', 'Marie-Claire'],
    ['jean paul', 'Jean Paul'],
  ])('writes "%s" as "%s"', (input, expected) => {
    expect(titleCase(input)).toBe(expected);
  });
});

describe('memberDisplayName', () => {
  it('joins civility, first name in title case and last name in upper case', () => {
    expect(memberDisplayName('Mme', 'marie', 'Dupont')).toBe('Mme Marie DUPONT');
  });

  it('upper-cases accented last names', () => {
    expect(memberDisplayName('M.', 'JÉRÔME', 'Lefèvre')).toBe('M. Jérôme LEFÈVRE');
  });

  it('leaves out an empty civility instead of starting with a space', () => {
    expect(memberDisplayName('', 'Paul', 'Durand')).toBe('Paul DURAND');
  });
});
