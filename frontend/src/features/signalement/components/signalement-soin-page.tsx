import { lazy, Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AsyncPart } from '@/components/async-part';
import { Entry } from '@/components/entry';
import { FormLoading } from '@/components/form-loading';
import { Skeleton } from '@/components/skeleton';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { usePageTitle } from '@/hooks/use-page-title';
import signalementTexts from '@/i18n/fr/signalement.json';
import { addMessages, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { paths } from '@/config/paths';
import { type LignePrestation, type Paiement, usePrestations } from '@/api/get-prestations';
import type { DemandeCreee } from '../api/post-signalement-soin';
import { type SoinSignale, soinSignale, trouverSoin } from '../signalement-soin';
import styles from './signalement.module.css';

addMessages(signalementTexts);

/** The form, with the forms library and the anti-robot check: loaded once the care is shown. */
const SignalementForm = lazy(() =>
  import('./signalement-form').then((module) => ({ default: module.SignalementForm })),
);

/**
 * `/mutuelle/remboursements/signalement?jour=…&paiement=…&ligne=…`: « Je ne reconnais pas ce
 * soin » for one line of a payment, found among the payments of its day. The care as the
 * reimbursements show it (read only), then why the member reports it, then the
 * acknowledgement with the request created. An address naming no line of the member's says so
 * and leads back to the list.
 */
export function SignalementSoinPage() {
  usePageTitle(t('signalement.title'));
  const [params] = useSearchParams();
  const soin = soinSignale(params);
  const paiements = usePrestations(soin?.jour ?? null);

  return (
    <div className={['card', styles.page].join(' ')}>
      <h1 className="page-title">{t('signalement.title')}</h1>
      <p>{t('signalement.intro')}</p>
      {soin ? (
        <AsyncPart
          query={paiements}
          loadingLabel={t('signalement.loading')}
          placeholder={<Skeleton className={styles.skeleton} />}
          failureMessage={t('signalement.error')}
        >
          {(data) => {
            const trouve = trouverSoin(data, soin);
            return trouve ? <Signalement soin={soin} {...trouve} /> : <Introuvable />;
          }}
        </AsyncPart>
      ) : (
        <Introuvable />
      )}
    </div>
  );
}

function Introuvable() {
  return (
    <>
      <p>{t('signalement.introuvable')}</p>
      <p>
        <Link to={paths.remboursements}>{t('signalement.retour')}</Link>
      </p>
    </>
  );
}

interface SignalementProps {
  soin: SoinSignale;
  paiement: Paiement;
  ligne: LignePrestation;
}

/** The care, then the report, replaced by its acknowledgement once the member API took it. */
function Signalement({ soin, paiement, ligne }: SignalementProps) {
  const [demande, setDemande] = useState<DemandeCreee | null>(null);
  const accuse = useFocusOnChange<HTMLDivElement>(demande);
  const jourDuPaiement = paths.remboursementsDuJour(paiement.paymentDate);
  return (
    <>
      <Soin paiement={paiement} ligne={ligne} />
      <section aria-labelledby="signalement-form-title">
        <h2 id="signalement-form-title" className="section-title">
          {t('signalement.form.title')}
        </h2>
        {demande ? (
          <div ref={accuse} tabIndex={-1} className={styles.accuse}>
            <p role="status" className="notice-success">
              <strong>{t('signalement.accuse')}</strong>
            </p>
            <p>{t('signalement.accuse.suite')}</p>
            <Link className="button button-primary" to={paths.demande(demande.id)}>
              {t('signalement.accuse.demande')}
            </Link>
            <Link to={jourDuPaiement}>{t('signalement.retour')}</Link>
          </div>
        ) : (
          <Suspense fallback={<FormLoading className={styles.formLoading} />}>
            <SignalementForm soin={soin} annuler={jourDuPaiement} onSent={setDemande} />
          </Suspense>
        )}
      </section>
    </>
  );
}

/** The line reported, as the payment day shows it: nothing here can be changed. */
function Soin({ paiement, ligne }: { paiement: Paiement; ligne: LignePrestation }) {
  const { provider } = useBrand();
  return (
    <section aria-labelledby="signalement-soin-title">
      <h2 id="signalement-soin-title" className="section-title">
        {t('signalement.soin.title')}
      </h2>
      <dl className={['entries', styles.soin].join(' ')}>
        <Entry label={t('signalement.soin.paiement')}>{formatIsoDate(paiement.paymentDate)}</Entry>
        <Entry label={t('signalement.soin.beneficiaire')}>
          {memberDisplayName('', paiement.beneficiaryFirstName, paiement.beneficiaryLastName)}
        </Entry>
        <Entry label={t('signalement.soin.dateSoins')}>{formatIsoDate(ligne.startDate)}</Entry>
        <Entry label={t('signalement.soin.acte')}>{ligne.labelExternalCode}</Entry>
        <Entry label={t('signalement.soin.professionnel')}>{ligne.professionnelSante || '-'}</Entry>
        <Entry label={t('signalement.soin.montantReel')}>
          <span className={styles.amount}>{formatAmount(ligne.expenseAmount)}</span>
        </Entry>
        <Entry label={t('signalement.soin.partSecu')}>
          <span className={styles.amount}>{formatAmount(ligne.montantSecu)}</span>
        </Entry>
        <Entry label={t('signalement.soin.remboursement', { provider })}>
          <span className={styles.amount}>{formatAmount(ligne.refundableAmount)}</span>
        </Entry>
      </dl>
    </section>
  );
}
