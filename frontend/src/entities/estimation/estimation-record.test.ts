import { describe, expect, it } from 'vitest';
import { anEstimation } from '@/test/fixtures';
import { estimationMetadata, isDemandeEstimation, isEstimation } from './estimation-record';

describe('an estimate kept with a quote', () => {
  it('goes to the GED index in French, as the member read it', () => {
    expect(estimationMetadata(anEstimation())).toEqual({
      estimationSoin: 'Lunettes : monture et verres simples',
      estimationSecu: '5,40\u00a0€',
      estimationMutuelle: '200,00\u00a0€',
      estimationResteACharge: '244,60\u00a0€',
      estimationGarantie: 'Lunettes (verres simples) : 100 % BRSS + 200 € (Santé Famille Confort, contrat n° IND-004512)',
      estimationMention: 'Estimation indicative, établie selon vos garanties au 24/11/2026.',
    });
  });

  it('names the basket, leaves out a guarantee there is none of, and keeps each entry to 500 characters', () => {
    const metadata = estimationMetadata(
      anEstimation({ centPourCentSante: true, garantie: null, mention: 'x'.repeat(600) }),
    );
    expect(metadata.estimationSoin).toBe('Lunettes : monture et verres simples (panier 100 % Santé)');
    expect(metadata).not.toHaveProperty('estimationGarantie');
    expect(metadata.estimationMention).toHaveLength(500);
  });

  it('is read back only whole: a stale or tampered entry is no estimate', () => {
    expect(isEstimation(anEstimation())).toBe(true);
    expect(isEstimation(JSON.parse(JSON.stringify(anEstimation())))).toBe(true);
    expect(isEstimation({ ...anEstimation(), resteACharge: '244,60' })).toBe(false);
    expect(isEstimation({ ...anEstimation(), regles: [42] })).toBe(false);
    expect(isEstimation({ ...anEstimation(), plafond: { montant: 300 } })).toBe(false);
    expect(isEstimation({ ...anEstimation(), soin: 'AUTRE' })).toBe(false);
    expect(isDemandeEstimation({ idBeneficiaire: 1, soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 900 })).toBe(
      true,
    );
    expect(isDemandeEstimation({ idBeneficiaire: '1', soin: 'DENTAIRE_IMPLANT', centPourCentSante: false, prix: 900 })).toBe(
      false,
    );
  });
});
