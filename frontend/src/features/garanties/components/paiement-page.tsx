import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import { contratsKey } from '@/api/get-contrats';
import { homeKey } from '@/api/home-key';
import { AsyncPart } from '@/components/async-part';
import { Entry } from '@/components/entry';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { type Polling, usePolling } from '@/hooks/use-polling';
import paiementTexts from '@/i18n/fr/paiement.json';
import { addMessages, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { formatAmount } from '@/lib/format-amount';
import { formatParisDate, formatParisTime, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import { echeanceProchaineKey } from '../api/get-echeance-prochaine';
import { commandeDe, type PaiementEnLigne, usePaiement } from '../api/get-paiement';
import styles from './paiement.module.css';

addMessages(paiementTexts);

/**
 * While the order is `EN_ATTENTE` (the provider's notification, which settles it, has not reached
 * the member API yet), it is read again 1.5 s after each answer, 20 times at most: some 30 seconds,
 * after which the page says that the payment will show in « Mes cotisations » once confirmed.
 */
const relecture: Polling = { intervalMs: 1500, max: 20 };

/**
 * `/mutuelle/cotisations/paiement/{commande}`, « Paiement de vos cotisations »: where the payment
 * service provider's page sends the browser back to. Nothing but the order's reference is taken
 * from the address (whatever else the provider adds to it is not read): what became of the
 * payment, the page reads from the member API, which the provider's signed notification told.
 */
export function PaiementPage() {
  usePageTitle(t('paiement.title'));
  const commande = commandeDe(useParams().commande);

  return (
    <div className={['card', styles.page].join(' ')}>
      <h1 className="page-title">{t('paiement.title')}</h1>
      {commande === null ? <p>{t('paiement.introuvable')}</p> : <Paiement commande={commande} />}
      <p className={styles.retour}>
        <Link to={paths.cotisations}>{t('paiement.retour')}</Link>
      </p>
    </div>
  );
}

function Paiement({ commande }: { commande: string }) {
  const paiement = usePaiement(commande);
  const epuise = usePolling(paiement.data?.statut === 'EN_ATTENTE', paiement.mutate, relecture);
  // Another member's order, or none: the member API answers 404, as for one that never was.
  if (paiement.data === undefined && isApiError(paiement.error) && [400, 404].includes(paiement.error.status)) {
    return <p>{t('paiement.introuvable')}</p>;
  }
  return (
    <AsyncPart
      query={paiement}
      loadingLabel={t('paiement.loading')}
      placeholder={<Skeleton className={styles.skeleton} />}
      failureMessage={t('paiement.error')}
    >
      {(data) =>
        data.statut === 'EN_ATTENTE' ? (
          // One region for both sentences, so that the second is announced when it replaces the first.
          <div role="status">
            <p>{t(epuise ? 'paiement.attenteLongue' : 'paiement.attente')}</p>
          </div>
        ) : (
          <Issue paiement={data} />
        )
      }
    </AsyncPart>
  );
}

/** What became of the payment, under a heading that takes the focus as it appears. */
function Issue({ paiement }: { paiement: PaiementEnLigne }) {
  switch (paiement.statut) {
    case 'ACCEPTE':
      return <Accepte paiement={paiement} />;
    case 'REFUSE':
      return (
        <Resultat title={t('paiement.refuse.title')}>
          <p>
            {paiement.motifRefus ? `${paiement.motifRefus} ` : ''}
            {t('paiement.rienPreleve')}
          </p>
        </Resultat>
      );
    case 'ABANDONNE':
      return (
        <Resultat title={t('paiement.abandonne.title')}>
          <p>{t('paiement.rienPreleve')}</p>
        </Resultat>
      );
    case 'A_REMBOURSER':
      // Accepted when nothing was owed any more (paid twice).
      return (
        <Resultat title={t('paiement.aRembourser.title')}>
          <p>{t('paiement.aRembourser.texte')}</p>
        </Resultat>
      );
    case 'EN_ATTENTE':
      return null;
  }
}

interface ResultatProps {
  title: string;
  className?: string | undefined;
  children: ReactNode;
}

function Resultat({ title, className, children }: ResultatProps) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  // Read out where the member is, whether it was there on arrival or came after the wait.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * What was owed is paid: the contracts, the next call for funds and the home are dropped from
 * the cache, read again by whichever page shows them next, so that none shows the amount as
 * still owed (nor « Une cotisation reste à régler ») while its new answer comes.
 */
function useCotisationsRelues() {
  const { mutate } = useSWRConfig();
  useEffect(() => {
    for (const key of [contratsKey, echeanceProchaineKey, homeKey]) void mutate(key, undefined);
  }, [mutate]);
}

/** The receipt, to keep or print. */
function Accepte({ paiement }: { paiement: PaiementEnLigne }) {
  useCotisationsRelues();
  const regleLe = parseInstant(paiement.regleLe);
  return (
    <>
      <Resultat title={t('paiement.accepte.title')} className={styles.recu}>
        <p className="notice-success">{t('paiement.accepte.merci', { amount: formatAmount(paiement.montant) })}</p>
        <dl className={['entries', styles.details].join(' ')}>
          <Entry label={t('paiement.recu.reference')}>{paiement.commande}</Entry>
          <Entry label={t('paiement.recu.contrat')}>{paiement.numeroContrat}</Entry>
          <Entry label={t('paiement.recu.montant')}>{formatAmount(paiement.montant)}</Entry>
          <Entry label={t('paiement.recu.regleLe')}>
            {regleLe
              ? t('paiement.recu.regleLe.valeur', { date: formatParisDate(regleLe), heure: formatParisTime(regleLe) })
              : missingValue}
          </Entry>
          <Entry label={t('paiement.recu.carte')}>{paiement.carte ?? missingValue}</Entry>
          <Entry label={t('paiement.recu.transaction')}>{paiement.transaction ?? missingValue}</Entry>
        </dl>
      </Resultat>
      <p className={styles.imprimer}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => {
            window.print();
          }}
        >
          {t('paiement.imprimer')}
        </button>
      </p>
    </>
  );
}
