import { t } from '@/i18n/t';
import styles from './resiliation.module.css';

/** What the law requires the member to read before giving notice. */
export function ResiliationConditions() {
  return (
    <section aria-labelledby="conditions-title">
      <h2 id="conditions-title" className="section-title">
        {t('resiliation.conditions.title')}
      </h2>
      <ul className={styles.conditions}>
        <li>{t('resiliation.conditions.unAn')}</li>
        <li>{t('resiliation.conditions.echeance')}</li>
        <li>{t('resiliation.conditions.evenements')}</li>
        <li>{t('resiliation.conditions.consequences')}</li>
      </ul>
    </section>
  );
}
