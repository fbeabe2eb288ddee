import { t } from '@/i18n/t';
import type { Contrat, MotifResiliation } from './resiliation-rules';

/** A motif as the form offers it and the summary repeats it. */
export function motifLabel(motif: string): string {
  return t(`resiliation.motif.${motif as MotifResiliation}`);
}

/** A contract as the form offers it and the summary repeats it: its number and product. */
export function contratLabel(contrat: Contrat): string {
  return t('resiliation.champ.contrat.option', { numero: contrat.numeroContrat, produit: contrat.libelleProduit });
}
