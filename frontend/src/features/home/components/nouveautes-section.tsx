import { useId } from 'react';
import { Link } from 'react-router';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatDate, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import type { RetryableQuery } from '@/components/part-state';
import type { Nouveautes } from '../api/get-home';
import { type NouveauteLigne, nouveauteLigne } from '../nouveaute-lignes';
import styles from './home-dashboard.module.css';

/**
 * The day of the member's previous visit, in the browser's time zone: the member's own
 * sign-in, read where the member is (as « Mes connexions » does).
 */
function jourDeLaVisite(depuis: string): string {
  const instant = parseInstant(depuis);
  return instant ? formatDate(instant) : missingValue;
}

function Ligne({ ligne }: { ligne: NouveauteLigne }) {
  return (
    <>
      {ligne.lien ? (
        <Link to={ligne.lien} className={styles.nouveauteTexte}>
          {ligne.texte}
        </Link>
      ) : (
        <span className={styles.nouveauteTexte}>{ligne.texte}</span>
      )}
      {ligne.montant !== null && <span className={styles.nouveauteMontant}>{formatAmount(ligne.montant)}</span>}
    </>
  );
}

/**
 * « Depuis votre dernière visite »: the payments, the requests' changes and answers and the
 * new documents since the member's previous sign-in, from the dashboard's one request. Left
 * out on a first sign-in ever (nothing to compare with); a failure, like every part's, offers
 * a retry while the rest of the dashboard works.
 */
export function NouveautesSection({ query }: { query: RetryableQuery<Nouveautes> }) {
  const titleId = useId();
  if (query.data?.depuis === null) return null;
  return (
    <section className={['card', styles.section].join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('home.nouveautes.title')}
      </h2>
      <AsyncPart
        query={query}
        loadingLabel={t('home.nouveautes.loading')}
        placeholder={<Skeleton className={styles.skeletonRow} />}
        failureMessage={t('home.nouveautes.error')}
      >
        {({ depuis, evenements }) => {
          const lignes = evenements.map(nouveauteLigne).filter((ligne) => ligne !== null);
          return lignes.length === 0 ? (
            <p className={styles.empty}>
              {t('home.nouveautes.empty', { date: depuis === null ? missingValue : jourDeLaVisite(depuis) })}
            </p>
          ) : (
            <ul className={styles.nouveautes}>
              {lignes.map((ligne, index) => (
                // Events have no id of their own; the list is replaced whole, never reordered.
                <li key={index} className={styles.nouveaute}>
                  <Ligne ligne={ligne} />
                </li>
              ))}
            </ul>
          );
        }}
      </AsyncPart>
    </section>
  );
}
