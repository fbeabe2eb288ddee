import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { useMemberSession } from '@/hooks/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import resiliationTexts from '@/i18n/fr/resiliation.json';
import { addMessages, t } from '@/i18n/t';
import { useContrats } from '@/api/get-contrats';
import { contratsResiliables } from '../resiliation-rules';
import { ResiliationConditions } from './resiliation-conditions';
import { ResiliationNonEligible } from './resiliation-non-eligible';
import { ResiliationSteps } from './resiliation-steps';
import styles from './resiliation.module.css';

addMessages(resiliationTexts);

/**
 * `/mutuelle/contrats-garanties/resiliation`: "Résilier votre contrat", as Code de la
 * mutualité D221-1 sets it out: the conditions first, then the form, a summary to check and
 * correct, the confirmation, and an acknowledgement (on screen, as a PDF and by email).
 */
export function ResiliationPage() {
  usePageTitle(t('resiliation.title'));
  const { User } = useMemberSession();
  const contrats = useContrats();

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('resiliation.title')}</h1>
        <ResiliationConditions />
      </div>
      <AsyncPart
        query={contrats}
        loadingLabel={t('resiliation.loading')}
        loadingClassName="card"
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('resiliation.error')}
      >
        {(data) => {
          const resiliables = contratsResiliables(data);
          return User.Radie || resiliables.length === 0 ? (
            <ResiliationNonEligible />
          ) : (
            <ResiliationSteps contrats={resiliables} user={User} />
          );
        }}
      </AsyncPart>
    </div>
  );
}

