import { useId, useRef, useState } from 'react';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { formatDate, formatTime, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import { useSubmit } from '@/hooks/use-submit';
import { deleteConnexion } from '../api/delete-connexion';
import { deleteAutresConnexions } from '../api/delete-connexions';
import { type Connexion, useConnexions } from '../api/get-connexions';
import styles from './compte.module.css';

/** What the member asked to close: one other session, or all of them. */
type Fermeture = { id: string } | { autres: true };

/** Closes what was asked; how many sessions that ended. */
async function fermer(fermeture: Fermeture): Promise<number> {
  if ('id' in fermeture) {
    await deleteConnexion(fermeture.id);
    return 1;
  }
  return (await deleteAutresConnexions()).fermees;
}

function fermeesMessage(count: number): string {
  if (count === 0) return t('compte.connexions.aucuneFermee');
  return count === 1 ? t('compte.connexions.fermee') : t('compte.connexions.fermees', { n: count });
}

/**
 * The day and the time of an instant in the browser's time zone: these are the member's own
 * devices, read where the member is.
 */
function dateEtHeure(value: string): { date: string; heure: string } {
  const instant = parseInstant(value);
  return instant
    ? { date: formatDate(instant), heure: formatTime(instant) }
    : { date: missingValue, heure: missingValue };
}

function appareil(connexion: Connexion): string {
  return t('compte.connexions.appareil', { navigateur: connexion.navigateur, systeme: connexion.systeme });
}

/**
 * « Mes connexions »: where the member's space is open, so that a session they do not
 * recognise (a shared computer, a lost phone) can be closed from here. This device's own
 * session is listed but not offered: « Se déconnecter » in the header closes it.
 */
export function ConnexionsSection() {
  const connexions = useConnexions();
  const fermeture = useSubmit(fermer);
  const [status, setStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const close = async (what: Fermeture) => {
    setStatus(null);
    const result = await fermeture.submit(what);
    // Closed or already gone (404): either way the list has changed.
    void connexions.mutate();
    if (!result.ok) return;
    setStatus(fermeesMessage(result.data));
    // The button pressed is gone with its session: the section's title keeps the focus near.
    heading.current?.focus();
  };

  return (
    <section className="card" aria-labelledby="connexions-title">
      <h2 id="connexions-title" ref={heading} tabIndex={-1} className="section-title">
        {t('compte.connexions.title')}
      </h2>
      <p>{t('compte.connexions.intro')}</p>
      {/* Present from the start, so that its message is announced when it appears. */}
      <div role="status">{status && <p className="notice-success">{status}</p>}</div>
      {fermeture.error && (
        <p role="alert" className="notice-error">
          {fermeture.error}
        </p>
      )}
      <AsyncPart
        query={connexions}
        loadingLabel={t('compte.connexions.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.connexions.error')}
      >
        {(data) => {
          const autres = data.filter((connexion) => !connexion.cetAppareil);
          return (
            <>
              <ul className={styles.sessions}>
                {data.map((connexion) => (
                  <ConnexionItem
                    key={connexion.id}
                    connexion={connexion}
                    disabled={fermeture.sending}
                    onClose={() => void close({ id: connexion.id })}
                  />
                ))}
              </ul>
              {autres.length === 0 ? (
                <p>{t('compte.connexions.aucuneAutre')}</p>
              ) : (
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={fermeture.sending}
                  onClick={() => void close({ autres: true })}
                >
                  {t('compte.connexions.fermerAutres')}
                </button>
              )}
            </>
          );
        }}
      </AsyncPart>
    </section>
  );
}

interface ConnexionItemProps {
  connexion: Connexion;
  disabled: boolean;
  onClose: () => void;
}

function ConnexionItem({ connexion, disabled, onClose }: ConnexionItemProps) {
  const id = useId();
  const ouverte = dateEtHeure(connexion.ouverteLe);
  const activite = dateEtHeure(connexion.derniereActivite);
  const device = appareil(connexion);
  return (
    <li>
      <span className={styles.device}>
        <strong>{device}</strong>
        {connexion.cetAppareil && <span className={styles.marker}>{t('compte.connexions.cetAppareil')}</span>}
      </span>
      <span id={`${id}-ouverte`}>{t('compte.connexions.ouverte', ouverte)}</span>
      <span className="text-muted">{t('compte.connexions.activite', activite)}</span>
      {!connexion.cetAppareil && (
        <button
          type="button"
          className="button button-secondary"
          // Named after its device, so that a list of buttons read alone still says which;
          // the visible words start the name (WCAG 2.5.3), the opening tells twins apart.
          aria-label={t('compte.connexions.fermerAppareil', { appareil: device })}
          aria-describedby={`${id}-ouverte`}
          disabled={disabled}
          onClick={onClose}
        >
          {t('compte.connexions.fermer')}
        </button>
      )}
    </li>
  );
}
