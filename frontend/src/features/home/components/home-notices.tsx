import noticesTexts from '@/i18n/fr/home-notices.json';
import { addMessages } from '@/i18n/t';
import type { SituationContrat } from '../situation-contrat';
import { ContratNotice } from './contrat-notice';
import { ImpayeNotice, type Impaye } from './impaye-notice';

addMessages(noticesTexts);

interface HomeNoticesProps {
  situation: SituationContrat | null;
  impaye: Impaye | null;
  /** Whether how the contract is paid may be managed from this space. */
  gestion: boolean;
}

/**
 * What tops the home for a member no contract covers today or whose bank rejected a debit:
 * loaded apart with its texts (`home-data.ts`), most members never seeing it.
 */
export function HomeNotices({ situation, impaye, gestion }: HomeNoticesProps) {
  return (
    <>
      {situation && <ContratNotice situation={situation} />}
      {impaye && <ImpayeNotice impaye={impaye} gestion={gestion} />}
    </>
  );
}
