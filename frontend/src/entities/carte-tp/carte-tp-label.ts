import { t } from '@/i18n/t';

/**
 * "Ma carte de Tiers Payant" with its years, the one rule of the home tile and the card page. Two
 * labels (docs/product/roles.md#the-tiers-payant-card): a card in force (`EN_COURS`, the `CarteTp`
 * flag) reads the current and the next year, the card running on into the next period; a card whose
 * period has not begun (`SUIVANTE`, the `CarteTpSuivante` flag) names only the next year.
 */
export function carteTpLabel(periode: 'EN_COURS' | 'SUIVANTE', currentYear: number): string {
  return periode === 'EN_COURS'
    ? t('carteTp.label.currentAndNext', { current: currentYear, next: currentYear + 1 })
    : t('carteTp.label.nextOnly', { next: currentYear + 1 });
}

/** Sorts cards with the one in force before next period's (a plain comparison: no collator). */
export function inForceFirst(a: { periode: 'EN_COURS' | 'SUIVANTE' }, b: { periode: 'EN_COURS' | 'SUIVANTE' }): number {
  return Number(a.periode === 'SUIVANTE') - Number(b.periode === 'SUIVANTE');
}
