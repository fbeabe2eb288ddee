import { Link } from 'react-router';
import type { User } from '@/api/get-session';
import { usePageCourtier } from '@/entities/courtier/page-courtier';
import { contratEnVigueur } from '@/entities/couverture/couverture';
import { t } from '@/i18n/t';

/** Why « Ajouter un bénéficiaire » is not offered to a member. */
export type SansAjout = { motif: 'courtier'; courtier: string } | { motif: 'termine' } | { motif: 'aVenir' };

/**
 * Why the member cannot ask the mutual to add a beneficiary, or `null` when they can: a
 * broker's member adds dependants through the broker; no contract covers a struck-off member
 * or one whose contract is to come, to add anyone to. The member API refuses them too (422);
 * this says so before a form is filled in for nothing.
 */
export function sansAjout(user: Pick<User, 'courtier' | 'Radie' | 'Futur'>): SansAjout | null {
  if (user.courtier) return { motif: 'courtier', courtier: user.courtier };
  if (contratEnVigueur(user)) return null;
  return { motif: user.Radie ? 'termine' : 'aVenir' };
}

/** In place of « Ajouter un bénéficiaire »: why not, and for a broker's member, whom to ask. */
export function AjoutImpossible({ raison }: { raison: SansAjout }) {
  const pageCourtier = usePageCourtier();
  if (raison.motif !== 'courtier') return <p>{t(`ajoutBeneficiaire.impossible.${raison.motif}`)}</p>;
  return (
    <>
      <p>{t('ajoutBeneficiaire.impossible.courtier', { courtier: raison.courtier })}</p>
      {pageCourtier && (
        <p>
          {t('ajoutBeneficiaire.impossible.courtier.contact')} <Link to={pageCourtier.to}>{pageCourtier.titre}</Link>
        </p>
      )}
    </>
  );
}
