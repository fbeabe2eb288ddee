import { describe, expect, it } from 'vitest';
import {
  hasFilters,
  periodDates,
  prestationsQuery,
  readFilters,
  writeFilters,
} from './remboursements-filters';

const read = (query: string) => readFilters(new URLSearchParams(query));

describe('the filters of "Mes remboursements" in the address', () => {
  it('default to every payment, page 1', () => {
    expect(read('')).toEqual({
      beneficiaire: undefined,
      periode: undefined,
      versement: 'tous',
      page: 1,
    });
    expect(hasFilters(read(''))).toBe(false);
    expect(writeFilters(read('')).toString()).toBe('');
  });

  it('round-trip through the address', () => {
    const query = 'beneficiaire=3&periode=dates&du=2026-01-01&au=2026-03-31&versement=tiers-payant&page=2';
    const filters = read(query);
    expect(filters).toEqual({
      beneficiaire: 3,
      periode: 'dates',
      du: '2026-01-01',
      au: '2026-03-31',
      versement: 'tiers-payant',
      page: 2,
    });
    expect(writeFilters(filters).toString()).toBe(query);
    expect(hasFilters(filters)).toBe(true);
  });

  it('leave out what cannot be read, rather than failing', () => {
    expect(read('beneficiaire=abc&periode=hier&versement=x&page=-2')).toEqual(read(''));
    expect(read('page=0').page).toBe(1);
    expect(read('periode=dates&du=2026-02-30&au=0999-01-01')).toMatchObject({
      periode: 'dates',
      du: undefined,
      au: undefined,
    });
    // Dates only count with the "dates" period.
    expect(read('periode=3-mois&du=2026-01-01')).not.toHaveProperty('du');
  });
});

describe('the period presets', () => {
  const today = new Date(2026, 10, 23);

  it('cover the last 3 or 12 months, this year or last year, as of today', () => {
    expect(periodDates({ periode: '3-mois' }, today)).toEqual({
      dateDebut: '2026-08-23',
      dateFin: '2026-11-23',
    });
    expect(periodDates({ periode: '12-mois' }, today)).toEqual({
      dateDebut: '2025-11-23',
      dateFin: '2026-11-23',
    });
    expect(periodDates({ periode: 'cette-annee' }, today)).toEqual({
      dateDebut: '2026-01-01',
      dateFin: '2026-11-23',
    });
    expect(periodDates({ periode: 'annee-derniere' }, today)).toEqual({
      dateDebut: '2025-01-01',
      dateFin: '2025-12-31',
    });
  });

  it('land on the last day of a shorter month', () => {
    expect(periodDates({ periode: '3-mois' }, new Date(2026, 4, 31)).dateDebut).toBe('2026-02-28');
  });

  it('pass two chosen dates, and nothing without a period', () => {
    expect(periodDates({ periode: 'dates', du: '2026-01-01', au: '2026-02-01' }, today)).toEqual({
      dateDebut: '2026-01-01',
      dateFin: '2026-02-01',
    });
    expect(periodDates({}, today)).toEqual({});
  });

  it('make the member API query with the beneficiary', () => {
    expect(prestationsQuery(read('beneficiaire=4&periode=annee-derniere'), today)).toEqual({
      dateDebut: '2025-01-01',
      dateFin: '2025-12-31',
      idBeneficiaire: 4,
    });
  });
});
