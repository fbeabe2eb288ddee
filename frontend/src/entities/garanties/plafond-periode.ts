import { t } from '@/i18n/t';

/** A guarantee's ceiling period as a member reads it: "par an", "tous les 2 ans". */
export function plafondPeriode(periodicite: string): string {
  return periodicite === 'an' ? t('plafond.parAn') : t('plafond.tousLes', { periode: periodicite });
}
