import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { contratsKey } from '@/api/get-contrats';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { echeanceProchaineKey } from '../api/get-echeance-prochaine';
import { type JourPrelevement, joursPrelevement, putPrelevement } from '../api/put-prelevement';
import styles from './garanties.module.css';

/**
 * « Jour de prélèvement »: the member picks the day of the month a contract is debited on. The
 * member API decides whether it can change now (not while the next debit is prepared) and moves
 * the schedule, which is read again.
 */
export function JourPrelevementForm({ numeroContrat, jour }: { numeroContrat: string; jour: JourPrelevement }) {
  const id = useId();
  const { mutate } = useSWRConfig();
  const save = useSubmit(putPrelevement);
  const [choisi, setChoisi] = useState<JourPrelevement>(jour);
  const [prochain, setProchain] = useState<string | null | undefined>(undefined);

  const submit = async () => {
    setProchain(undefined);
    const result = await save.submit({ numeroContrat, jour: choisi });
    if (!result.ok) return;
    setProchain(result.data.prochainPrelevement);
    await Promise.all([mutate(contratsKey), mutate(echeanceProchaineKey)]);
  };

  return (
    <form
      className={styles.jourPrelevement}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label htmlFor={`${id}-jour`}>{t('cotisations.jour.label')}</label>
      <select
        id={`${id}-jour`}
        value={choisi}
        onChange={(event) => {
          setProchain(undefined);
          setChoisi(Number(event.target.value) as JourPrelevement);
        }}
      >
        {joursPrelevement.map((jourOffert) => (
          <option key={jourOffert} value={jourOffert}>
            {t('cotisations.jour.option', { jour: jourOffert })}
          </option>
        ))}
      </select>
      <button type="submit" className="button button-secondary" disabled={save.sending || choisi === jour}>
        {t('cotisations.jour.changer')}
      </button>
      {/* Present from the start, so that its message is announced when it appears. */}
      <div role="status">
        {prochain !== undefined && (
          <p className="notice-success">
            {prochain === null
              ? t('cotisations.jour.change', { jour: choisi })
              : t('cotisations.jour.changeProchain', { jour: choisi, date: formatIsoDate(prochain) })}
          </p>
        )}
      </div>
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
    </form>
  );
}
