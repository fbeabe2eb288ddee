import { useContrats } from '@/api/get-contrats';
import { usePrestations } from '@/api/get-prestations';
import { Entry } from '@/components/entry';
import { ExternalLink } from '@/components/external-link';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { formatIsoDate, formatParisDate, formatParisTime, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import type { MemberApi } from '@/types/member-api';
import {
  contratLabel,
  motifReclamationLabel,
  paiementLabel,
  paiementsRecentsQuery,
} from '../reclamation-labels';
import styles from './demandes.module.css';

type Reclamation = MemberApi<'Reclamation'>;

/**
 * A complaint's part of its request's page: when the mutual received it and the dates it owes
 * its acknowledgement and its answer by (ACPR 2022-R-01), what it concerns, and, once
 * answered, the outcome; a refusal names the mediator the member may turn to, free of charge
 * (Code de la consommation L612-1).
 */
export function ReclamationDetail({ reclamation }: { reclamation: Reclamation }) {
  // The mutual's record: the day and time in France, as its deadlines are counted.
  const recue = parseInstant(reclamation.recueLe);
  return (
    <section aria-labelledby="reclamation-title">
      <h2 id="reclamation-title" className="section-title">
        {t('demande.reclamation.title')}
      </h2>
      <ul className={styles.delais}>
        <li>
          {t('demande.reclamation.recue', {
            date: recue ? formatParisDate(recue) : missingValue,
            heure: recue ? formatParisTime(recue) : missingValue,
          })}
        </li>
        <li>{t('demande.reclamation.accuse', { date: formatIsoDate(reclamation.accuseReceptionAvant) })}</li>
        <li>{t('demande.reclamation.reponse', { date: formatIsoDate(reclamation.reponseAvant) })}</li>
      </ul>
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('demande.reclamation.motif')}>{motifReclamationLabel(reclamation.motif)}</Entry>
        {reclamation.numeroContrat && <ContratEntry numeroContrat={reclamation.numeroContrat} />}
        {reclamation.paymentId && <PaiementEntry paymentId={reclamation.paymentId} />}
      </dl>
      {reclamation.issue === 'ACCEPTEE' && (
        <p className="notice-success">
          {t('demande.reclamation.acceptee', { date: formatIsoDate(reclamation.reponduLe) })}
        </p>
      )}
      {reclamation.issue === 'REFUSEE' && <Refus reponduLe={reclamation.reponduLe} />}
    </section>
  );
}

/** The contract named, with its product once the contracts are there; its number until then. */
export function ContratEntry({ numeroContrat }: { numeroContrat: string }) {
  const contrat = useContrats().data?.find((candidate) => candidate.numeroContrat === numeroContrat);
  return <Entry label={t('demande.reclamation.contrat')}>{contrat ? contratLabel(contrat) : numeroContrat}</Entry>;
}

/**
 * The payment named, as step 2 offered it when it is among the last 12 months' (the list the
 * form used, likely still cached); its reference otherwise.
 */
export function PaiementEntry({ paymentId }: { paymentId: string }) {
  const paiement = usePrestations(paiementsRecentsQuery()).data?.find(
    (candidate) => candidate.paymentId === paymentId,
  );
  return (
    <Entry label={t('demande.reclamation.paiement')}>
      {paiement ? paiementLabel(paiement) : t('demande.reclamation.paiementReference', { id: paymentId })}
    </Entry>
  );
}

/** "www.mediateur-mutualite.fr": the site as the member would type it. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

function Refus({ reponduLe }: { reponduLe: string | null }) {
  const { mediateur } = useBrand();
  return (
    <section className={styles.issue} aria-labelledby="refus-title">
      <h3 id="refus-title" className={styles.issueTitle}>
        {t('demande.reclamation.refusee.title')}
      </h3>
      {reponduLe && <p>{t('demande.reclamation.refusee.le', { date: formatIsoDate(reponduLe) })}</p>}
      <p>{t('demande.reclamation.mediateur')}</p>
      <address className={styles.mediateur}>
        <strong>{mediateur.nom}</strong>
        {mediateur.adresse.map((line, index) => (
          // Address lines may repeat and never move: their place is their key.
          <span key={index}>{line}</span>
        ))}
      </address>
      <p>
        <ExternalLink href={mediateur.site}>
          {t('demande.reclamation.mediateur.site', { site: hostOf(mediateur.site) })}
        </ExternalLink>
      </p>
    </section>
  );
}
