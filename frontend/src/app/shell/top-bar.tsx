import type { Ref } from 'react';
import { Link } from 'react-router';
import { logout } from '@/features/auth/logout';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';
import { paths } from '@/config/paths';
import { droitAccorde } from '@/entities/delegation/droits';
import { useMemberSession } from '@/hooks/session-context';
import styles from './top-bar.module.css';

interface TopBarProps {
  sidebarId: string;
  menuOpen: boolean;
  onOpenMenu: () => void;
  menuButtonRef: Ref<HTMLButtonElement>;
}

export function TopBar({ sidebarId, menuOpen, onOpenMenu, menuButtonRef }: TopBarProps) {
  const session = useMemberSession();
  const { User } = session;
  const name = memberDisplayName(User.Civilite, User.Prenom, User.Nom);
  return (
    <header className={styles.topBar}>
      <button
        ref={menuButtonRef}
        type="button"
        className={styles.menuButton}
        aria-expanded={menuOpen}
        aria-controls={sidebarId}
        onClick={onOpenMenu}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">
          <path
            d="M3 6h18M3 12h18M3 18h18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">{t('shell.openMenu')}</span>
      </button>
      <p className={styles.welcome}>{t('shell.welcome')}</p>
      <div className={styles.member}>
        {/* The personal information is not a delegate's to open without the right to manage. */}
        {droitAccorde(session, 'GESTION') ? (
          <Link className={styles.name} to={paths.informationsPersonnelles}>
            {name}
          </Link>
        ) : (
          <span className={styles.name}>{name}</span>
        )}
        <button type="button" className="button button-secondary" onClick={() => void logout()}>
          {t('shell.logout')}
        </button>
      </div>
    </header>
  );
}
