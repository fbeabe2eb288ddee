import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { type Beneficiaire, useBeneficiaires } from '@/api/get-beneficiaires';
import { type Estimation, useEstimation } from '@/api/post-estimation';
import { AsyncPart } from '@/components/async-part';
import { EstimationFields } from '@/components/estimation/estimation-fields';
import { EstimationResult } from '@/components/estimation/estimation-result';
import { Skeleton } from '@/components/skeleton';
import { demandeEstimation, emptyEstimation, type EstimationValues } from '@/entities/estimation/estimation-form';
import { estimationSchema } from '@/entities/estimation/estimation-schema';
import { isSoinEstime, partenaireDuSoin } from '@/entities/estimation/estimation-soins';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import styles from './estimation.module.css';

/**
 * `/mutuelle/contrats-garanties/estimation`, « Estimer mon remboursement »: a quote's care and
 * price, and what the member API says the Sécurité sociale, the mutual and the member will
 * each pay. The member API computes it all; the page asks and shows. Not for a struck-off
 * member, told instead why there is nothing to estimate; whatever else the member API
 * refuses, its reason shows under the form (a contract to come, it estimates and says why
 * the mutual pays nothing before it begins).
 */
export function EstimationPage() {
  usePageTitle(t('estimation.title'));
  const { User } = useMemberSession();

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('estimation.title')}</h1>
        {User.Radie ? <p className={styles.intro}>{t('estimation.contratTermine')}</p> : <Estimation />}
      </div>
    </div>
  );
}

function Estimation() {
  const beneficiaires = useBeneficiaires();
  return (
    <>
      <p className={styles.intro}>{t('estimation.intro')}</p>
      <AsyncPart
        query={beneficiaires}
        loadingLabel={t('estimation.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('estimation.beneficiairesError')}
      >
        {(data) =>
          data.length === 0 ? <p>{t('estimation.aucunBeneficiaire')}</p> : <EstimationForm beneficiaires={data} />
        }
      </AsyncPart>
    </>
  );
}

/**
 * The person and care the address chooses (`?beneficiaire=…&soin=…`, an allowance of « Mes
 * garanties »), when they are the member's and a care the estimate knows; else the member
 * first in the list (`assure/beneficiaires` puts them there): most quotes are theirs.
 */
function choisis(beneficiaires: readonly Beneficiaire[], params: URLSearchParams): EstimationValues {
  const asked = params.get('beneficiaire');
  const beneficiaire = beneficiaires.find((person) => String(person.id) === asked) ?? beneficiaires[0];
  const soin = params.get('soin');
  return {
    ...emptyEstimation,
    beneficiaire: String(beneficiaire?.id ?? ''),
    soin: soin !== null && isSoinEstime(soin) ? soin : '',
  };
}

function EstimationForm({ beneficiaires }: { beneficiaires: readonly Beneficiaire[] }) {
  const [params] = useSearchParams();
  const form = useForm<EstimationValues>({
    resolver: zodResolver(estimationSchema),
    defaultValues: choisis(beneficiaires, params),
  });
  const estimate = useEstimation();
  const [estimation, setEstimation] = useState<Estimation | null>(null);
  // The answer's heading takes the focus, so that it is read out where the button was pressed.
  const heading = useFocusOnChange<HTMLHeadingElement>(estimation);
  const titleId = useId();
  const partenaire = estimation && partenaireDuSoin(estimation.soin);

  const submit = form.handleSubmit(async (values) => {
    // A new question: the last answer no longer stands beside it.
    setEstimation(null);
    const answered = await estimate.submit(demandeEstimation(values));
    if (answered.ok) setEstimation(answered.data);
  });

  return (
    <>
      <form className={styles.form} noValidate onSubmit={(event) => void submit(event)}>
        <EstimationFields form={form} beneficiaires={beneficiaires} />
        {estimate.error && (
          <p role="alert" className="notice-error">
            {estimate.error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="submit" className="button button-primary" disabled={estimate.sending}>
            {t(estimate.sending ? 'estimation.enCours' : 'estimation.estimer')}
          </button>
        </div>
      </form>
      {estimation && (
        <section className={styles.result} aria-labelledby={titleId}>
          <h2 id={titleId} ref={heading} tabIndex={-1} className={['section-title', styles.resultTitle].join(' ')}>
            {t('estimation.resultat.title')}
          </h2>
          <EstimationResult estimation={estimation} />
          <p>
            <Link className="button button-secondary" to={paths.creationDemandeDeType('ENVOI_DE_DEVIS')}>
              {t('estimation.envoyerDevis')}
            </Link>
          </p>
          {partenaire && (
            <p>
              <Link className="button button-secondary" to={paths.reseauSoinsPour(partenaire)}>
                {t(`estimation.partenaire.${partenaire}`)}
              </Link>
            </p>
          )}
        </section>
      )}
    </>
  );
}
