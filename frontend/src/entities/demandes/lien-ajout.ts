import ajoutTexts from '@/i18n/fr/ajout-beneficiaire.json';
import { addMessages, t } from '@/i18n/t';
import type { MemberApi } from '@/types/member-api';

addMessages(ajoutTexts);

/** Who a request to add a beneficiary is for: a spouse or partner, a child, a newborn. */
export type LienAjout = MemberApi<'LienAjout'>;

/** In the order the form offers them: the newborn first, whose deadline is the shortest. */
export const liensAjout: readonly LienAjout[] = ['NOUVEAU_NE', 'ENFANT', 'CONJOINT'];

/** « Votre nouveau-né »: the form's choice, and what the request's page says of it. */
export function lienAjoutLabel(lien: LienAjout): string {
  return t(`ajoutBeneficiaire.lien.${lien}`);
}
