import { useId } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from '@/components/external-link';
import noemieTexts from '@/i18n/fr/noemie.json';
import { addMessages, type MessageKey, t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';
import { paths } from '@/config/paths';
import type { Raccordement } from '../api/get-home';
import styles from './home-dashboard.module.css';

addMessages(noemieTexts);

/** The member's space on ameli, where a link held by another complementary is ended. */
const compteAmeli = 'https://assure.ameli.fr';

function Notice({
  raccordement,
  demandes,
  personnel,
}: {
  raccordement: Raccordement;
  demandes: boolean;
  personnel: boolean;
}) {
  const { idBeneficiaire, lien, prenom, nom, statutNoemie } = raccordement;
  const name = memberDisplayName('', prenom, nom);
  // The member reads of their own link as « vous », of a relative's by name; a beneficiary in
  // their own space reads only of theirs.
  const key = (text: NoemieText): MessageKey =>
    lien === 'ASSURE_PRINCIPAL' || personnel ? `${text}.vous` : text;
  // Sending the attestation is a request: a delegate without that right is not offered it.
  const attestation = demandes && (
    <Link className="button button-secondary" to={paths.attestationDroits(idBeneficiaire)}>
      {t(key('home.noemie.attestation'), { prenom })}
    </Link>
  );
  switch (statutNoemie) {
    case 'NON_RACCORDE':
      return (
        <>
          <p>{t(key('home.noemie.NON_RACCORDE'), { name })}</p>
          <p>{t(key('home.noemie.NON_RACCORDE.fix'))}</p>
          <p className={styles.noticeActions}>{attestation}</p>
        </>
      );
    case 'REFUSE':
      return (
        <>
          <p>{t(key('home.noemie.REFUSE'), { name })}</p>
          <p>{t(key('home.noemie.REFUSE.fix'), { prenom })}</p>
          <p>{t('home.noemie.REFUSE.regle')}</p>
          <p className={styles.noticeActions}>
            <ExternalLink href={compteAmeli}>{t('home.noemie.ameli')}</ExternalLink>
            {attestation}
          </p>
        </>
      );
    case 'EN_COURS_DE_RACCORDEMENT':
      return <p>{t(key('home.noemie.EN_COURS_DE_RACCORDEMENT'), { name })}</p>;
  }
}

/** The texts said of one person, each with its « vous » twin for the member themself. */
type NoemieText =
  | 'home.noemie.attestation'
  | 'home.noemie.NON_RACCORDE'
  | 'home.noemie.NON_RACCORDE.fix'
  | 'home.noemie.REFUSE'
  | 'home.noemie.REFUSE.fix'
  | 'home.noemie.EN_COURS_DE_RACCORDEMENT';

/**
 * The people whose statements the Sécurité sociale does not forward (NOEMIE), each with what
 * it means and its fix: the attestation de droits, pre-filled for that person; for a refused
 * link, ameli's service and the mutual's rule; a link asked for is said to be in progress.
 * Nothing when every link is active, or when the part failed: it is a notice, not something
 * the member came for. Loaded apart from the dashboard, for the members who have one
 * (`raccordementsSection`).
 */
export function RaccordementsSection({
  raccordements,
  demandes = true,
  personnel = false,
}: {
  raccordements: readonly Raccordement[] | undefined;
  /** Whether requests may be sent from here (not by a delegate without that right). */
  demandes?: boolean;
  /** A beneficiary's own space, where the one link listed is the reader's own. */
  personnel?: boolean;
}) {
  const titleId = useId();
  if (!raccordements || raccordements.length === 0) return null;
  return (
    <section className={['card', styles.section].join(' ')} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {t('home.noemie.title')}
      </h2>
      <ul className={styles.raccordements}>
        {raccordements.map((raccordement) => (
          <li key={raccordement.idBeneficiaire} className={styles.raccordement}>
            <Notice raccordement={raccordement} demandes={demandes} personnel={personnel} />
          </li>
        ))}
      </ul>
    </section>
  );
}
