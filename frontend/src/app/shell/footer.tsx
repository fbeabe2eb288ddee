import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import styles from './footer.module.css';

export function Footer({ onManageCookies }: { onManageCookies: () => void }) {
  const { VersionNum } = useMemberSession();
  const brand = useBrand();
  return (
    <footer className={styles.footer}>
      <nav aria-label={t('footer.label')}>
        <ul className={styles.links}>
          <li>
            <Link to={paths.mentionsLegales}>{t('footer.mentionsLegales')}</Link>
          </li>
          <li>
            <Link to={paths.cgu}>{t('footer.cgu')}</Link>
          </li>
          <li>
            <button type="button" className={styles.linkButton} onClick={onManageCookies}>
              {t('footer.cookies')}
            </button>
          </li>
          <li>
            <ExternalLink href={brand.feedbackUrl}>{t('footer.feedback')}</ExternalLink>
          </li>
          <li>
            <Link to={paths.accessibilite}>
              {t('footer.accessibilite', { etat: brand.accessibilite.etat })}
            </Link>
          </li>
        </ul>
      </nav>
      <p className={styles.meta}>
        <span>{t('footer.copyright', { year: new Date().getFullYear(), brand: brand.name })}</span>
        <span>{t('footer.version', { version: VersionNum })}</span>
      </p>
    </footer>
  );
}
