import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { contratsKey } from '@/api/get-contrats';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import type { MemberApi } from '@/types/member-api';
import { mensualitesProposees, postPlanDeReglement } from '../api/post-plan-de-reglement';
import styles from './garanties.module.css';

/** The instalments of a plan in place: how much, on which days. */
export function PlanEnCours({ plan }: { plan: MemberApi<'PlanReglement'> }) {
  return (
    <div className={styles.plan}>
      <p>{t('cotisations.plan.enCours', { amount: formatAmount(plan.montant), n: plan.mensualites.length })}</p>
      <ul>
        {plan.mensualites.map((mensualite) => (
          <li key={mensualite.datePrelevement}>
            {t('cotisations.plan.mensualite', {
              amount: formatAmount(mensualite.montant),
              date: formatIsoDate(mensualite.datePrelevement),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * « Régler en plusieurs fois »: what is owed on a contract, in 2 to 4 monthly instalments. The
 * member API grants it by its rules (an amount, one plan at a time); the contracts are read
 * again, and show the plan.
 */
export function PlanReglementForm({ numeroContrat }: { numeroContrat: string }) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const save = useSubmit(postPlanDeReglement);
  const [mensualites, setMensualites] = useState<number>(mensualitesProposees[0]);

  const submit = async () => {
    const result = await save.submit({ numeroContrat, mensualites });
    if (result.ok) await mutate(contratsKey);
  };

  return (
    <form
      className={styles.jourPrelevement}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-mensualites`}>{t('cotisations.plan.label')}</label>
      <select
        id={`${id}-mensualites`}
        value={mensualites}
        onChange={(event) => {
          setMensualites(Number(event.target.value));
        }}
      >
        {mensualitesProposees.map((n) => (
          <option key={n} value={n}>
            {t('cotisations.plan.option', { n })}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary" disabled={save.sending}>
        {t('cotisations.plan.demander')}
      </button>
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
    </form>
  );
}
