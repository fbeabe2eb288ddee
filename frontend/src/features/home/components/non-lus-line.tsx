import { Link } from 'react-router';
import { useDemandesNonLus } from '@/api/get-demandes-non-lus';
import { t } from '@/i18n/t';
import { paths } from '@/config/paths';
import styles from './home-dashboard.module.css';

/**
 * « Votre mutuelle vous a écrit : 2 messages non lus. », with a link to read them: the request
 * itself when they are all on one, else the list of requests. Nothing when all is read, nor
 * while the count loads or when it failed (the sidebar shows the same count).
 */
export function NonLusLine() {
  const nonLus = useDemandesNonLus().data;
  if (nonLus === undefined || nonLus.total === 0) return null;
  const [seule, ...autres] = nonLus.demandes;
  const lien =
    seule !== undefined && autres.length === 0
      ? {
          to: paths.demande(seule.id),
          label: t(nonLus.total === 1 ? 'home.nonLus.lireUn' : 'home.nonLus.lirePlusieurs'),
        }
      : { to: paths.demandesMutuelle, label: t('home.nonLus.voirDemandes') };
  return (
    <p className={styles.nonLus}>
      {nonLus.total === 1 ? t('home.nonLus.un') : t('home.nonLus.plusieurs', { count: nonLus.total })}{' '}
      <Link to={lien.to}>{lien.label}</Link>
    </p>
  );
}
