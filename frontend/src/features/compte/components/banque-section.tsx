import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useBanques } from '@/api/get-banques';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { t } from '@/i18n/t';
import { memberDisplayName } from '@/lib/format-name';
import { bothQueries } from '@/lib/part-state';
import { useSubmit } from '@/lib/use-submit';
import { useBeneficiairesInfosBancaires } from '../api/get-beneficiaires-infos-bancaires';
import { postBanque } from '../api/post-banque';
import { type BanqueForm, banqueSchema, nouveauCompte } from '../compte-schemas';
import { useEditMode } from '../use-edit-mode';
import { FormField } from '@/components/form-field';
import styles from './compte.module.css';

/** "Coordonnées bancaires": the member's accounts and where each person's money goes. */
export function BanqueSection() {
  const banques = useBanques();
  const parBeneficiaire = useBeneficiairesInfosBancaires();
  const edit = useEditMode();

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
        <button type="button" className="button button-secondary" onClick={edit.start}>
          {t('compte.modifier')}
        </button>
      ) : (
        <BanqueEditor
          onCancel={edit.cancel}
          onSaved={() => {
            void banques.mutate();
            void parBeneficiaire.mutate();
            edit.finish();
          }}
        />
      )}
    </section>
  );
}

function BanqueEditor({ onCancel, onSaved }: { onCancel: () => void; onSaved: () => void }) {
  const beneficiaires = useBeneficiaires();
  const save = useSubmit(postBanque);
  const form = useForm<BanqueForm>({
    resolver: zodResolver(banqueSchema),
    defaultValues: { beneficiaire: '', titulaire: '', iban: '', bic: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    if ((await save.submit(nouveauCompte(values))).ok) onSaved();
  });
  // The member first: their own account; the others are the people covered.
  const others = (beneficiaires.data ?? []).filter((beneficiaire) => beneficiaire.lien !== 'ASSURE_PRINCIPAL');

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
      {save.error && (
        <p role="alert" className="notice-error">
          {save.error}
        </p>
      )}
      <FormField label={t('compte.banque.pour')} error={errors.beneficiaire?.message}>
        {(props) => (
          <select {...props} {...form.register('beneficiaire')}>
            <option value="">{t('compte.banque.vous')}</option>
            {others.map((beneficiaire) => (
              <option key={beneficiaire.id} value={String(beneficiaire.id)}>
                {memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label={t('compte.banque.titulaire')} error={errors.titulaire?.message}>
        {(props) => <input {...props} type="text" autoComplete="name" {...form.register('titulaire')} />}
      </FormField>
      <FormField
        label={t('compte.banque.iban')}
        hint={t('compte.banque.ibanHint')}
        error={errors.iban?.message}
      >
        {(props) => (
          <input {...props} type="text" autoComplete="off" spellCheck={false} {...form.register('iban')} />
        )}
      </FormField>
      <FormField label={t('compte.banque.bic')} error={errors.bic?.message}>
        {(props) => (
          <input {...props} type="text" autoComplete="off" spellCheck={false} {...form.register('bic')} />
        )}
      </FormField>
      <div className={styles.formActions}>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {t('compte.enregistrer')}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          {t('compte.annuler')}
        </button>
      </div>
    </form>
  );
}
