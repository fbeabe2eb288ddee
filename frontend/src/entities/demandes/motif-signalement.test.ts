import { describe, expect, it } from 'vitest';
import { motifSignalementLabel, motifsSignalement } from './motif-signalement';

describe('motifSignalementLabel', () => {
  it('reads each motif in the member’s words, in the order the report offers them', () => {
    expect(motifsSignalement.map(motifSignalementLabel)).toEqual([
      'Je n’ai pas reçu ce soin',
      'Le montant ne correspond pas',
      'Je ne connais pas ce professionnel de santé',
      'Autre motif',
    ]);
  });

  it.each(['DOUBLON', 'toString', ''])('reads a motif it does not know, "%s", as written', (motif) => {
    expect(motifSignalementLabel(motif)).toBe(motif);
  });
});
