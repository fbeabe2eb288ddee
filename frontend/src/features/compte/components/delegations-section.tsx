import { useId, useRef, useState } from 'react';
import { AsyncPart } from '@/components/async-part';
import type { RetryableQuery } from '@/components/part-state';
import { Skeleton } from '@/components/skeleton';
import { droitLabel, natureLabel } from '@/entities/delegation/delegation-labels';
import { droitsDansLOrdre } from '@/entities/delegation/droits';
import { useFocusOnChange } from '@/hooks/use-focus-on-change';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { formatIsoDate, formatParisDate, formatParisTime, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import type { Delegation } from '../api/get-delegations';
import { postDelegationRetrait } from '../api/post-delegation-retrait';
import styles from './compte.module.css';

/** The day and the time of an instant the member API recorded, as the mutual's records read them. */
function jourEtHeure(value: string | null): { date: string; heure: string } {
  const instant = parseInstant(value);
  return instant
    ? { date: formatParisDate(instant), heure: formatParisTime(instant) }
    : { date: missingValue, heure: missingValue };
}

/** Who the delegation names: the account's name once it has acted, the address invited before. */
function personne(delegation: Delegation): string {
  return delegation.nom ?? delegation.courriel;
}

function etatLabel(delegation: Delegation): string {
  return delegation.etat === 'RETIREE'
    ? t('compte.proches.etat.RETIREE', { date: jourEtHeure(delegation.retireeLe).date })
    : t(`compte.proches.etat.${delegation.etat}`);
}

/** The member withdraws what they gave and is still running; a guardianship is the mutual's to end. */
function retirable(delegation: Delegation): boolean {
  return delegation.nature === 'PROCHE' && (delegation.etat === 'EN_ATTENTE' || delegation.etat === 'ACTIVE');
}

interface DelegationsSectionProps {
  /** `useDelegations()`: the page refreshes it after an invitation too. */
  delegations: RetryableQuery<{ delegations: Delegation[] }>;
}

/**
 * « Les personnes qui agissent pour vous »: each delegation and guardianship, with its rights,
 * its dates, its state and what was done under it; a delegation still running is withdrawn
 * from here, once the member has confirmed.
 */
export function DelegationsSection({ delegations }: DelegationsSectionProps) {
  const retrait = useSubmit(postDelegationRetrait);
  const [demande, setDemande] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const retirer = async (delegation: Delegation) => {
    setStatus(null);
    const result = await retrait.submit(delegation.id);
    setDemande(null);
    void delegations.mutate();
    if (!result.ok) return;
    setStatus(t('compte.proches.retiree', { personne: personne(delegation) }));
    // The buttons pressed are gone with the withdrawal: the section's title keeps the focus near.
    heading.current?.focus();
  };

  return (
    <section className="card" aria-labelledby="delegations-title">
      <h2 id="delegations-title" ref={heading} tabIndex={-1} className="section-title">
        {t('compte.proches.delegations.title')}
      </h2>
      {/* Present from the start, so that its message is announced when it appears. */}
      <div role="status">{status && <p className="notice-success">{status}</p>}</div>
      {retrait.error && (
        <p role="alert" className="notice-error">
          {retrait.error}
        </p>
      )}
      <AsyncPart
        query={delegations}
        loadingLabel={t('compte.proches.delegations.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.proches.delegations.error')}
      >
        {(data) =>
          data.delegations.length === 0 ? (
            <p>{t('compte.proches.delegations.aucune')}</p>
          ) : (
            <ul className={styles.delegations}>
              {data.delegations.map((delegation) => (
                <DelegationItem
                  key={delegation.id}
                  delegation={delegation}
                  confirming={demande === delegation.id}
                  disabled={retrait.sending}
                  onAsk={() => {
                    setStatus(null);
                    setDemande(delegation.id);
                  }}
                  onCancel={() => {
                    setDemande(null);
                  }}
                  onConfirm={() => void retirer(delegation)}
                />
              ))}
            </ul>
          )
        }
      </AsyncPart>
    </section>
  );
}

interface DelegationItemProps {
  delegation: Delegation;
  /** The member asked to withdraw it: the question and its confirmation stand in for the button. */
  confirming: boolean;
  disabled: boolean;
  onAsk: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}

function DelegationItem({ delegation, confirming, disabled, onAsk, onCancel, onConfirm }: DelegationItemProps) {
  const id = useId();
  const nom = personne(delegation);
  // The question's confirmation takes the focus as it appears, the withdrawal's button as it
  // comes back: the member's place is kept either way.
  const confirmer = useFocusOnChange<HTMLButtonElement>(confirming);
  const retirer = useFocusOnChange<HTMLButtonElement>(confirming);

  return (
    <li>
      <h3 className={styles.subtitle}>
        {nom}
      </h3>
      <span className={styles.device}>
        <span className={styles.marker}>{natureLabel(delegation.nature)}</span>
        <strong>{etatLabel(delegation)}</strong>
      </span>
      <ul className={styles.droits} aria-label={t('compte.proches.delegation.droits', { personne: nom })}>
        {droitsDansLOrdre(delegation.droits).map((droit) => (
          <li key={droit}>{droitLabel(droit)}</li>
        ))}
      </ul>
      <span>{t('compte.proches.delegation.depuis', { date: formatIsoDate(delegation.debut) })}</span>
      <span>{t('compte.proches.delegation.jusquau', { date: formatIsoDate(delegation.fin) })}</span>
      <h4 id={`${id}-actions`} className={styles.subtitle}>
        {t('compte.proches.actions.title')}
      </h4>
      {delegation.actions.length === 0 ? (
        <p className="text-muted">{t('compte.proches.actions.aucune')}</p>
      ) : (
        <ul className={styles.actionsDeleguees} aria-labelledby={`${id}-actions`}>
          {delegation.actions.map((action, index) => (
            <li key={`${action.date}-${String(index)}`}>
              <time dateTime={action.date}>{t('compte.proches.actions.quand', jourEtHeure(action.date))}</time>{' '}
              {action.libelle}
            </li>
          ))}
        </ul>
      )}
      {retirable(delegation) &&
        (confirming ? (
          <div className={styles.confirmation}>
            <p id={`${id}-question`}>{t('compte.proches.retirer.question', { personne: nom })}</p>
            <div className={styles.formActions}>
              <button
              ref={confirmer}
              type="button"
              className="button button-primary"
              aria-describedby={`${id}-question`}
              disabled={disabled}
              onClick={onConfirm}
            >
              {t('compte.proches.retirer.confirmer')}
              </button>
              <button type="button" className="button button-secondary" disabled={disabled} onClick={onCancel}>
                {t('compte.annuler')}
              </button>
            </div>
          </div>
        ) : (
          <button
            ref={retirer}
            type="button"
            className="button button-secondary"
            // Named after its person, so that a list of buttons read alone still says which;
            // the visible words start the name (WCAG 2.5.3).
            aria-label={t('compte.proches.retirer.de', { personne: nom })}
            disabled={disabled}
            onClick={onAsk}
          >
            {t('compte.proches.retirer')}
          </button>
        ))}
    </li>
  );
}
