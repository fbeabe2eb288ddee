import { demandeTypeLabel } from '@/entities/demandes/demande-labels';
import { demandeTypeCode, type TypeDemande } from '@/entities/demandes/types-demande';
import { t } from '@/i18n/t';
import { creationGroups } from './creation-choices';

/** How step 1 names `type`; a type it does not offer reads as its code's label. */
export function choiceLabel(type: TypeDemande): string {
  for (const group of creationGroups) {
    const choice = group.choices.find((candidate) => candidate.type === type);
    if (choice) return `${t(group.label)} : ${t(choice.label).toLowerCase()}`;
  }
  return demandeTypeLabel(demandeTypeCode(type));
}

/** Whether step 1 offers `type` among its choices. */
export function isOffered(type: TypeDemande): boolean {
  return creationGroups.some((group) => group.choices.some((choice) => choice.type === type));
}
