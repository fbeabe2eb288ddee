import { describe, expect, it } from 'vitest';
import { filterDemandes, newestFirst, readDemandesFilters, writeDemandesFilters } from './demandes-filters';

describe('the list’s address', () => {
  it('reads the filter and the page, and leaves out what it cannot read', () => {
    expect(readDemandesFilters(new URLSearchParams('etat=en-cours&page=3'))).toEqual({ etat: 'en-cours', page: 3 });
    expect(readDemandesFilters(new URLSearchParams('etat=tout&page=-2'))).toEqual({ etat: 'toutes', page: 1 });
  });

  it('writes only what differs from the defaults', () => {
    expect(writeDemandesFilters({ etat: 'toutes', page: 1 }).toString()).toBe('');
    expect(writeDemandesFilters({ etat: 'traitees', page: 2 }).toString()).toBe('etat=traitees&page=2');
  });
});

describe('the list', () => {
  const demandes = [
    { id: 1, DateCreation: '2026-01-05', Etat: 'TERMINE' },
    { id: 3, DateCreation: '2026-03-01', Etat: 'EN_COURS' },
    { id: 2, DateCreation: '2026-03-01', Etat: 'Traité' },
    { id: 4, DateCreation: '2025-12-31', Etat: 'A_TRAITER' },
  ];

  it('shows the newest first, the higher number first on the same day', () => {
    expect(newestFirst(demandes).map((demande) => demande.id)).toEqual([3, 2, 1, 4]);
  });

  it('keeps the pending ones or the done ones (TERMINE and Traité)', () => {
    expect(filterDemandes(demandes, 'en-cours').map((demande) => demande.id)).toEqual([3, 4]);
    expect(filterDemandes(demandes, 'traitees').map((demande) => demande.id)).toEqual([1, 2]);
    expect(filterDemandes(demandes, 'toutes')).toHaveLength(4);
  });

  it('counts a complaint refused or upheld among the done ones, whatever its state says', () => {
    const repondue = (id: number, issue: 'ACCEPTEE' | 'REFUSEE' | null) => ({
      id,
      Etat: 'EN_COURS',
      reclamation: {
        motif: 'SERVICE' as const,
        numeroContrat: null,
        paymentId: null,
        recueLe: '2026-11-02T10:15:00+01:00',
        accuseReceptionAvant: '2026-11-16',
        reponseAvant: '2027-01-02',
        issue,
        reponduLe: issue === null ? null : '2026-11-20',
      },
    });
    const reclamations = [repondue(1, 'REFUSEE'), repondue(2, 'ACCEPTEE'), repondue(3, null)];

    expect(filterDemandes(reclamations, 'en-cours').map((demande) => demande.id)).toEqual([3]);
    expect(filterDemandes(reclamations, 'traitees').map((demande) => demande.id)).toEqual([1, 2]);
  });
});
