import { Entry } from '@/components/entry';
import { lienAjoutLabel } from '@/entities/demandes/lien-ajout';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import type { MemberApi } from '@/types/member-api';
import styles from './demandes.module.css';

type AjoutBeneficiaire = MemberApi<'AjoutBeneficiaireDemande'>;

/**
 * A request to add a beneficiary, on its page: who, from when they would be covered, and the
 * mutual's decision once taken (from when they are covered, or why not), said in a sentence.
 */
export function AjoutBeneficiaireDetail({ ajout }: { ajout: AjoutBeneficiaire }) {
  const personne = memberDisplayName('', ajout.prenom, ajout.nom);
  const decision = ajout.decision;
  return (
    <section aria-labelledby="ajout-beneficiaire-title">
      <h2 id="ajout-beneficiaire-title" className="section-title">
        {t('ajoutBeneficiaire.detail.title')}
      </h2>
      <dl className={['entries', styles.details].join(' ')}>
        <Entry label={t('ajoutBeneficiaire.detail.personne')}>{personne}</Entry>
        <Entry label={t('ajoutBeneficiaire.detail.lien')}>{lienAjoutLabel(ajout.lien)}</Entry>
        <Entry label={t('ajoutBeneficiaire.detail.naissance')}>{formatIsoDate(ajout.dateNaissance)}</Entry>
        {!decision && (
          <Entry label={t('ajoutBeneficiaire.detail.effetPrevu')}>{formatIsoDate(ajout.dateEffetPrevue)}</Entry>
        )}
      </dl>
      {!decision && <p>{t('ajoutBeneficiaire.detail.enCours')}</p>}
      {decision?.accepte && (
        <p className="notice-success">
          {t('ajoutBeneficiaire.detail.acceptee', { personne, date: formatIsoDate(decision.dateEffet) })}
        </p>
      )}
      {decision && !decision.accepte && (
        <p className="notice-error">{t('ajoutBeneficiaire.detail.refusee', { motif: decision.motif ?? '' })}</p>
      )}
    </section>
  );
}
