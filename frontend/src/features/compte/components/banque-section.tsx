import { lazy, Suspense } from 'react';
import { useBanques } from '@/api/get-banques';
import { AsyncPart } from '@/components/async-part';
import { FormLoading } from '@/components/form-loading';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/entities/personne/format-name';
import { useRestoredAfterSignIn } from '@/hooks/kept-across-sign-in';
import { bothQueries } from '@/components/part-state';
import { useBeneficiairesInfosBancaires } from '../api/get-beneficiaires-infos-bancaires';
import { banqueGardee } from '../banque-gardee';
import { useEditMode } from '../use-edit-mode';
import { ModifierButton } from './modifier-button';
import styles from './compte.module.css';

/** The form and the forms library, loaded when the member is about to add an account. */
function loadBanqueEditor() {
  return import('./banque-editor');
}
const BanqueEditor = lazy(() => loadBanqueEditor().then((module) => ({ default: module.BanqueEditor })));

/**
 * "Coordonnées bancaires": the member's accounts and where each person's money goes. Back
 * from signing in again, which the portal asks before this change, the form is open again
 * with what the member had typed.
 */
export function BanqueSection() {
  const banques = useBanques();
  const parBeneficiaire = useBeneficiairesInfosBancaires();
  const restored = useRestoredAfterSignIn(banqueGardee);
  const edit = useEditMode(restored ? 'editing' : 'viewing');

  return (
    <section className="card" aria-labelledby="banque-title">
      <h2 id="banque-title" className="section-title">
        {t('compte.banque.title')}
      </h2>
      {edit.saved && (
        <p role="status" className="notice-success">
          {t('compte.banque.saved')}
        </p>
      )}
      <AsyncPart
        query={bothQueries(banques, parBeneficiaire)}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('compte.banque.error')}
      >
        {([comptes, personnes]) => (
          <>
            <h3 className={styles.subtitle}>{t('compte.banque.vosComptes')}</h3>
            {comptes.length === 0 && <p>{t('compte.banque.aucun')}</p>}
            <ul className={styles.accounts}>
              {comptes.map((compte) => (
                <li key={compte.id}>
                  <span className={styles.usage}>{t(`compte.banque.usage.${compte.usage}`)}</span>
                  <span>{compte.titulaire}</span>
                  <span className={styles.iban}>{compte.ibanMasque}</span>
                  <span className="text-muted">{compte.bic}</span>
                </li>
              ))}
            </ul>
            <h3 className={styles.subtitle}>{t('compte.banque.parBeneficiaire')}</h3>
            <ul className={styles.accounts}>
              {personnes.map((personne) => (
                <li key={personne.idBeneficiaire}>
                  <span className={styles.usage}>
                    {memberDisplayName('', personne.prenom, personne.nom)}
                  </span>
                  <span className={styles.iban}>
                    {personne.coordonneesBancaires?.ibanMasque ?? t('compte.banque.compteAdherent')}
                  </span>
                </li>
              ))}
            </ul>
          </>
        )}
      </AsyncPart>
      {!edit.editing ? (
        <ModifierButton onClick={edit.start} loadForm={loadBanqueEditor} />
      ) : (
        <Suspense fallback={<FormLoading className={styles.formLoading} />}>
          <BanqueEditor
            restored={restored}
            onCancel={edit.cancel}
            onSaved={() => {
              void banques.mutate();
              void parBeneficiaire.mutate();
              edit.finish();
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
