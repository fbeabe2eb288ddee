import type { Ref } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import type { MenuEntry } from '@/features/content/api/get-menus';
import { LeftBlock } from '@/features/content/components/left-block';
import { useDemandesNonLus } from '@/api/get-demandes-non-lus';
import { droitAccorde } from '@/entities/delegation/droits';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { paths } from '@/config/paths';
import { useMemberSession } from '@/hooks/session-context';
import { sidebarLinks } from './sidebar-links';
import styles from './sidebar.module.css';

interface SidebarProps {
  id: string;
  /** The content service's menus, read by the shell (`useMenusReloadedOnRouteChange`). */
  menus: readonly MenuEntry[];
  /** Only meaningful at 999 px and below, where the sidebar is a drawer. */
  open: boolean;
  onClose: () => void;
  closeButtonRef: Ref<HTMLButtonElement>;
}

/** The mutual's messages the member has not read: a badge beside « Mes demandes ». */
function NonLusBadge({ total }: { total: number }) {
  if (total === 0) return null;
  return (
    <span className={styles.badge} aria-hidden="true">
      {total}
    </span>
  );
}

/**
 * The link's name with the count, for a screen reader (« Mes demandes, 2 messages non lus »):
 * its own label, since the browsers join a hidden text to the visible one with a space.
 */
function nonLusLabel(total: number): string | undefined {
  if (total === 0) return undefined;
  return total === 1 ? t('nav.demandes.nonLus.un') : t('nav.demandes.nonLus.plusieurs', { count: total });
}

export function Sidebar({ id, menus, open, onClose, closeButtonRef }: SidebarProps) {
  const session = useMemberSession();
  const { pathname } = useLocation();
  const brand = useBrand();
  const nonLus = useDemandesNonLus(droitAccorde(session, 'DEMANDES')).data?.total ?? 0;
  const navLinkClass = ({ isActive }: { isActive: boolean }) =>
    isActive ? [styles.link, styles.active].join(' ') : styles.link;

  return (
    <div id={id} className={styles.sidebar} data-open={open}>
      {/* The brand and the drawer's close button belong to the navigation: every piece of a
          page sits in a landmark, and the left block below is one of its own. */}
      <nav aria-label={t('shell.mainNav')}>
      <div className={styles.head}>
        <Link to={paths.home} className={styles.brand}>
          <img src={brand.logoUrl} alt="" width={40} height={40} />
          <span className="visually-hidden">{t('shell.homeLink', { brand: brand.name })}</span>
          <span aria-hidden="true">{brand.name}</span>
        </Link>
        <button
          ref={closeButtonRef}
          type="button"
          className={styles.close}
          onClick={onClose}
          aria-label={t('shell.closeMenu')}
        >
          <span aria-hidden="true">✕</span>
        </button>
      </div>
        <ul className={styles.list}>
          {sidebarLinks(session).map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                end={link.end ?? false}
                className={navLinkClass}
                aria-label={link.to === paths.demandesMutuelle ? nonLusLabel(nonLus) : undefined}
              >
                {t(link.label)}
                {link.to === paths.demandesMutuelle && <NonLusBadge total={nonLus} />}
              </NavLink>
            </li>
          ))}
        </ul>
        {menus.length > 0 && (
          <ul className={[styles.list, styles.articles].join(' ')}>
            {menus.map((menu) => (
              <li key={menu.Id}>
                <NavLink to={paths.article(menu.Id)} className={navLinkClass}>
                  {menu.Titre}
                </NavLink>
              </li>
            ))}
          </ul>
        )}
      </nav>
      <LeftBlock pathname={pathname} />
    </div>
  );
}
