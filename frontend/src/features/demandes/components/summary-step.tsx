import type { ReactNode } from 'react';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { t } from '@/i18n/t';
import type { TypeDemande } from '@/lib/demande-labels';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/lib/format-name';
import { formKind } from '../creation-choices';
import { choiceLabel, typeHospitalisationLabel } from '../creation-labels';
import { type DetailsValues, parseMontant } from '../demande-schemas';
import type { Upload } from '../use-uploads';
import styles from './creation.module.css';

interface SummaryStepProps {
  type: TypeDemande;
  values: DetailsValues;
  uploads: readonly Upload[];
  sending: boolean;
  serverError: string | null;
  onEdit: (step: number) => void;
  onSend: () => void;
}

function Entry({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** Step 4: everything the request will say, each part with its way back, then "Envoyer". */
export function SummaryStep({ type, values, uploads, sending, serverError, onEdit, onSend }: SummaryStepProps) {
  const beneficiaires = useBeneficiaires();
  const beneficiaire = beneficiaires.data?.find((candidate) => String(candidate.id) === values.beneficiaire);
  const kind = formKind(type);
  const montant = parseMontant(values.montant);
  const devis = type === 'ENVOI_DE_DEVIS';

  return (
    <form
      className={styles.step}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      {serverError && (
        <p role="alert" className="notice-error">
          {serverError}
        </p>
      )}
      <SummarySection title={t('creation.recap.type')} onEdit={() => { onEdit(1); }}>
        <p>{choiceLabel(type)}</p>
      </SummarySection>
      <SummarySection title={t('creation.recap.informations')} onEdit={() => { onEdit(2); }}>
        <dl className={styles.summary}>
          {beneficiaire && (
            <Entry
              label={t('creation.champ.beneficiaire')}
              value={memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}
            />
          )}
          {kind === 'soins' && (
            <>
              <Entry
                label={t(devis ? 'creation.champ.dateDevis' : 'creation.champ.dateSoins')}
                value={formatIsoDate(values.dateSoins)}
              />
              <Entry
                label={t(devis ? 'creation.champ.montantDevis' : 'creation.champ.montant')}
                value={montant === null ? '-' : formatAmount(montant)}
              />
            </>
          )}
          {kind === 'hospitalisation' && (
            <>
              <Entry label={t('creation.champ.etablissement')} value={values.etablissement} />
              <Entry label={t('creation.champ.siren')} value={values.siren.replace(/\s/g, '')} />
              <Entry label={t('creation.champ.dateEntree')} value={formatIsoDate(values.dateEntree)} />
              {values.dateSortie && (
                <Entry label={t('creation.champ.dateSortie')} value={formatIsoDate(values.dateSortie)} />
              )}
              {values.typeHospitalisation && (
                <Entry
                  label={t('creation.champ.typeHospitalisation')}
                  value={typeHospitalisationLabel(values.typeHospitalisation)}
                />
              )}
              <Entry
                label={t('demande.hospitalisation.chambre')}
                value={t(values.chambreParticuliere ? 'demande.oui' : 'demande.non')}
              />
            </>
          )}
          {values.commentaire.trim() !== '' && (
            <Entry
              label={t(kind === 'question' ? 'creation.champ.question' : 'demande.commentaire')}
              value={<span className={styles.message}>{values.commentaire.trim()}</span>}
            />
          )}
        </dl>
      </SummarySection>
      <SummarySection title={t('creation.recap.documents')} onEdit={() => { onEdit(3); }}>
        {uploads.length === 0 ? (
          <p>{t('creation.recap.aucun')}</p>
        ) : (
          <ul className={styles.summaryFiles}>
            {uploads.map((upload) => (
              <li key={upload.key}>{upload.file.name}</li>
            ))}
          </ul>
        )}
      </SummarySection>
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={sending}>
          {t(sending ? 'creation.envoi' : 'creation.envoyer')}
        </button>
      </div>
    </form>
  );
}

function SummarySection({ title, onEdit, children }: { title: string; onEdit: () => void; children: ReactNode }) {
  return (
    <section className={styles.summarySection} aria-label={title}>
      <div className={styles.summaryHeader}>
        <h3 className={styles.subtitle}>{title}</h3>
        <button
          type="button"
          className="button button-secondary"
          aria-label={`${t('creation.modifier')} : ${title.toLowerCase()}`}
          onClick={onEdit}
        >
          {t('creation.modifier')}
        </button>
      </div>
      {children}
    </section>
  );
}
