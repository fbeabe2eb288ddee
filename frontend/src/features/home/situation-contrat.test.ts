import { describe, expect, it } from 'vitest';
import { aContrat } from '@/test/fixtures';
import { situationContrat } from './situation-contrat';

const radie = { Radie: true, Futur: false };
const futur = { Radie: false, Futur: true };
const termine = (numeroContrat: string, dateFin: string) =>
  aContrat({ numeroContrat, statut: 'RESILIE', dateDebut: '2015-01-01', dateFin, motifFin: 'Résiliation à l’échéance' });

describe('the situation of a member no contract covers today', () => {
  it('is the last contract to end, its invoices accepted up to two years after its last day', () => {
    const contrats = [termine('IND-000900', '2019-06-30'), termine('IND-001187', '2024-12-31')];

    expect(situationContrat(radie, contrats, new Date(2026, 11, 5))).toEqual({
      etat: 'termine',
      numeroContrat: 'IND-001187',
      dateFin: new Date(2024, 11, 31),
      facturesAcceptees: true,
    });
    // The care of its last day is two years old on 31/12/2026: still accepted that day.
    expect(situationContrat(radie, contrats, new Date(2026, 11, 31, 23, 30))).toMatchObject({ facturesAcceptees: true });
    expect(situationContrat(radie, contrats, new Date(2027, 0, 1))).toMatchObject({ facturesAcceptees: false });
  });

  it('is the first contract to begin, for a member not yet covered', () => {
    const contrats = [
      aContrat({ numeroContrat: 'IND-010500', statut: 'A_VENIR', dateDebut: '2027-03-01' }),
      aContrat({ numeroContrat: 'IND-010342', statut: 'A_VENIR', dateDebut: '2027-01-01' }),
    ];

    expect(situationContrat(futur, contrats, new Date(2026, 11, 5))).toEqual({
      etat: 'aVenir',
      numeroContrat: 'IND-010342',
      dateDebut: new Date(2027, 0, 1),
    });
  });

  it('is nothing the contracts do not say, rather than a date made up', () => {
    const today = new Date(2026, 11, 5);

    expect(situationContrat(radie, [aContrat()], today)).toBeNull();
    expect(situationContrat(radie, [termine('IND-001187', 'bientôt')], today)).toBeNull();
    expect(situationContrat(futur, [aContrat()], today)).toBeNull();
    expect(situationContrat({ Radie: false, Futur: false }, [termine('IND-001187', '2024-12-31')], today)).toBeNull();
  });
});
