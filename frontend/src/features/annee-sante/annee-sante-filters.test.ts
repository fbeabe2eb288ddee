import { describe, expect, it } from 'vitest';
import {
  anneeSanteQuery,
  anneesProposees,
  readAnneeSanteFilters,
  writeAnneeSanteFilters,
} from './annee-sante-filters';

const today = new Date(2026, 10, 24);

function read(query: string) {
  return readAnneeSanteFilters(new URLSearchParams(query), today);
}

describe('the year and person of Mon année santé', () => {
  it('offers the current year and the four before it', () => {
    expect(anneesProposees(today)).toEqual([2026, 2025, 2024, 2023, 2022]);
  });

  it('reads an offered year and a beneficiary from the address', () => {
    expect(read('annee=2023&beneficiaire=3')).toEqual({ annee: 2023, beneficiaire: 3 });
  });

  it.each(['', 'annee=2021', 'annee=2027', 'annee=deux-mille', 'annee=2025.5'])(
    'falls back to the current year for "%s"',
    (query) => {
      expect(read(query).annee).toBe(2026);
    },
  );

  it('writes the year always, the beneficiary when one is chosen', () => {
    expect(writeAnneeSanteFilters({ annee: 2026 }).toString()).toBe('annee=2026');
    expect(writeAnneeSanteFilters({ annee: 2025, beneficiaire: 3 }).toString()).toBe(
      'annee=2025&beneficiaire=3',
    );
  });

  it('asks for every payment of the year', () => {
    expect(anneeSanteQuery({ annee: 2025, beneficiaire: 3 })).toEqual({
      dateDebut: '2025-01-01',
      dateFin: '2025-12-31',
      idBeneficiaire: 3,
    });
  });
});
