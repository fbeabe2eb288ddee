import { Link } from 'react-router';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { paths } from '@/config/paths';

/** Struck off, or no individual contract in force: why, and whom to ask. */
export function ResiliationNonEligible() {
  const brand = useBrand();
  return (
    <section className="card" aria-labelledby="non-eligible-title">
      <h2 id="non-eligible-title" className="section-title">
        {t('resiliation.nonEligible.title')}
      </h2>
      <p>{t('resiliation.nonEligible.texte')}</p>
      <p>{t('resiliation.nonEligible.contact', { brand: brand.name })}</p>
      <ul>
        <li>
          <Link to={paths.creationDemandeDeType('UNE_QUESTION_AFFILIATION_COTISATION')}>
            {t('resiliation.nonEligible.question')}
          </Link>
        </li>
        <li>
          <a href={brand.publicSiteUrl}>{t('resiliation.nonEligible.site', { brand: brand.name })}</a>
        </li>
      </ul>
    </section>
  );
}
