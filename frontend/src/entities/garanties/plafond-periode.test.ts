import { describe, expect, it } from 'vitest';
import { plafondPeriode } from './plafond-periode';

describe('plafondPeriode', () => {
  it('reads a yearly ceiling "par an" and a longer one "tous les …"', () => {
    expect(plafondPeriode('an')).toBe('par an');
    expect(plafondPeriode('4 ans')).toBe('tous les 4 ans');
  });
});
