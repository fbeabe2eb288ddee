import { Link } from 'react-router';
import { useProcurations } from '@/api/get-procurations';
import { AsyncPart } from '@/components/async-part';
import { Procurations } from '@/components/procurations';
import { Skeleton } from '@/components/skeleton';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { usePageTitle } from '@/hooks/use-page-title';
import { useSwitchSpace } from '@/hooks/use-switch-space';
import { t } from '@/i18n/t';
import styles from './agir-pour.module.css';

/**
 * `/agir-pour`, « Pour qui agissez-vous ? »: the person signed in chooses whose space to show,
 * among the members who gave them a delegation (or whose guardian they are) and, when they are
 * a member themselves, their own.
 */
export function AgirPourPage() {
  usePageTitle(t('agirPour.title'));
  const { delegation } = useMemberSession();
  const procurations = useProcurations();
  const change = useSwitchSpace();
  const busy = change.sending || change.sent;

  return (
    <div className={styles.page}>
      <div className="card">
        <h1 className="page-title">{t('agirPour.title')}</h1>
        {change.error && (
          <p role="alert" className="notice-error">
            {change.error}
          </p>
        )}
        {delegation === undefined ? (
          <p>
            <Link className="button button-secondary" to={paths.home}>
              {t('agirPour.monEspace')}
            </Link>
          </p>
        ) : (
          delegation.retour && (
            <p>
              <button
                type="button"
                className="button button-secondary"
                disabled={busy}
                onClick={() => void change.submit(null)}
              >
                {t('agirPour.monEspace')}
              </button>
            </p>
          )
        )}
        <AsyncPart
          query={procurations}
          loadingLabel={t('agirPour.loading')}
          placeholder={<Skeleton className={styles.skeleton} />}
          failureMessage={t('agirPour.error')}
        >
          {({ procurations: liste }) =>
            liste.length === 0 ? (
              <p>{t('agirPour.aucune')}</p>
            ) : (
              <Procurations procurations={liste} disabled={busy} onAgir={(numero) => void change.submit(numero)} />
            )
          }
        </AsyncPart>
      </div>
    </div>
  );
}
