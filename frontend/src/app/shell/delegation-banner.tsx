import { useId } from 'react';
import { Link } from 'react-router';
import type { SessionDelegation, User } from '@/api/get-session';
import { paths } from '@/config/paths';
import { memberDisplayName } from '@/entities/personne/format-name';
import { useSwitchSpace } from '@/hooks/use-switch-space';
import bannerTexts from '@/i18n/fr/delegation-banner.json';
import { addMessages, t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import styles from './delegation-banner.module.css';

addMessages(bannerTexts);

function natureText(delegation: SessionDelegation): string {
  switch (delegation.nature) {
    case 'PROCHE':
      return t('shell.delegation.PROCHE', { fin: formatIsoDate(delegation.fin) });
    case 'BENEFICIAIRE':
      return t('shell.delegation.BENEFICIAIRE', { titulaire: delegation.titulaire });
    default:
      return t(`shell.delegation.${delegation.nature}`);
  }
}

interface DelegationBannerProps {
  /** The member acted for. */
  user: User;
  delegation: SessionDelegation;
}

/**
 * Above every page while the person signed in acts for another member: whose space this is,
 * by what right, and the ways out, back to their own space (when they have one) or to another
 * member's.
 */
export function DelegationBanner({ user, delegation }: DelegationBannerProps) {
  const titleId = useId();
  const revenir = useSwitchSpace();

  return (
    <section className={styles.banner} aria-labelledby={titleId}>
      <p id={titleId} className={styles.pour}>
        {/* In a beneficiary's own space the person acts for no one: the space is theirs. */}
        {delegation.nature === 'BENEFICIAIRE'
          ? t('shell.delegation.espacePersonnel')
          : t('shell.delegation.pour', { nom: memberDisplayName(user.Civilite, user.Prenom, user.Nom) })}
      </p>
      <p>{natureText(delegation)}</p>
      <div className={styles.actions}>
        {delegation.retour && (
          <button
            type="button"
            className={styles.button}
            disabled={revenir.sending || revenir.sent}
            onClick={() => void revenir.submit(null)}
          >
            {t('shell.delegation.revenir')}
          </button>
        )}
        <Link className={styles.link} to={paths.agirPour}>
          {t('shell.delegation.changer')}
        </Link>
      </div>
      {revenir.error && (
        <p role="alert" className={styles.error}>
          {revenir.error}
        </p>
      )}
    </section>
  );
}
