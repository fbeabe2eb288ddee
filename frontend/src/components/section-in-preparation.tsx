import { Link } from 'react-router';
import { paths } from '@/app/paths';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';

interface SectionInPreparationProps {
  /** The section's own name, e.g. "Mes remboursements". */
  title: string;
  /** The home page itself has no "back home" link. */
  showHomeLink?: boolean;
}

/** Stands in for a section that is not built yet, inside the shell: never a blank page. */
export function SectionInPreparation({ title, showHomeLink = true }: SectionInPreparationProps) {
  usePageTitle(title);
  return (
    <div className="card">
      <h1 className="page-title">{title}</h1>
      <h2 className="section-title">{t('preparation.heading')}</h2>
      <p>{t('preparation.text')}</p>
      {showHomeLink && (
        <Link className="button button-secondary" to={paths.home}>
          {t('preparation.backHome')}
        </Link>
      )}
    </div>
  );
}
