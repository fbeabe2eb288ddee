import { describe, expect, it } from 'vitest';
import { aSessionDelegation } from '@/test/fixtures';
import { droitAccorde, droitsDansLOrdre, envoiPossible } from './droits';

describe('the rights previewed', () => {
  it('are all one’s own in one’s own space', () => {
    for (const droit of ['REMBOURSEMENTS', 'ATTESTATIONS', 'DEMANDES', 'GESTION'] as const) {
      expect(droitAccorde({}, droit)).toBe(true);
    }
  });

  it('are those of the delegation while acting for a member', () => {
    const session = { delegation: aSessionDelegation({ droits: ['DEMANDES'] }) };

    expect(droitAccorde(session, 'DEMANDES')).toBe(true);
    expect(droitAccorde(session, 'REMBOURSEMENTS')).toBe(false);
    expect(droitAccorde(session, 'GESTION')).toBe(false);
  });

  it('send nothing from a beneficiary’s own space, which reads its requests only', () => {
    const beneficiaire = { delegation: aSessionDelegation({ nature: 'BENEFICIAIRE', droits: ['DEMANDES'] }) };
    const delegue = { delegation: aSessionDelegation({ droits: ['DEMANDES'] }) };

    expect(envoiPossible(beneficiaire)).toBe(false);
    expect(envoiPossible(delegue)).toBe(true);
    expect(envoiPossible({})).toBe(true);
  });

  it('are named in one order, whatever the answer’s', () => {
    expect(droitsDansLOrdre(['GESTION', 'DEMANDES', 'REMBOURSEMENTS'])).toEqual(['REMBOURSEMENTS', 'DEMANDES', 'GESTION']);
  });
});
