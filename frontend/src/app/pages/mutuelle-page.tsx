import { Link } from 'react-router';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { sidebarLinks } from '../shell/sidebar-links';
import styles from './mutuelle-page.module.css';

/**
 * `/mutuelle`: the index of the insurance-cover section, its pages as the sidebar lists them
 * (same labels, same rules for the card and for someone acting for the member), so that the section's own address leads somewhere.
 */
export function MutuellePage() {
  usePageTitle(t('section.mutuelle'));
  const links = sidebarLinks(useMemberSession()).filter((link) => link.to.startsWith(`${paths.mutuelle}/`));

  return (
    <div className="card">
      <h1 className="page-title">{t('section.mutuelle')}</h1>
      <ul className={styles.list}>
        {links.map((link) => (
          <li key={link.to}>
            <Link className={styles.link} to={link.to}>
              {t(link.label)}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
