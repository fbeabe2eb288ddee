import delegationTexts from '@/i18n/fr/delegation.json';
import { addMessages, t } from '@/i18n/t';
import type { Droit, NatureDelegation } from './droits';

addMessages(delegationTexts);

/** A right in words, as a list of what someone may do for the member reads it. */
export function droitLabel(droit: Droit): string {
  return t(`delegation.droit.${droit}`);
}

/** « Délégation » (given by the member), « Tutelle » or « Curatelle » (recorded by the mutual). */
export function natureLabel(nature: NatureDelegation): string {
  return t(`delegation.nature.${nature}`);
}
