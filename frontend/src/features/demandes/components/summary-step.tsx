import type { ReactNode } from 'react';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import { CaptchaWaiting, CaptchaWidget } from '@/components/captcha/captcha-widget';
import { Entry } from '@/components/entry';
import type { TypeDemande } from '@/entities/demandes/types-demande';
import type { Captcha } from '@/components/captcha/use-captcha';
import { type MessageKey, t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { formatIsoDate } from '@/lib/format-date';
import { memberDisplayName } from '@/entities/personne/format-name';
import { formKind } from '../creation-choices';
import { choiceLabel } from '../creation-labels';
import { typeHospitalisationLabel } from '../hospitalisation-labels';
import { type DetailsValues, parseMontant } from '../demande-details';
import { ligneResume } from '../devis-lignes';
import { concerneUnContrat, concerneUnPaiement, motifReclamationLabel } from '../reclamation-labels';
import type { Upload } from '@/hooks/use-uploads';
import styles from './creation.module.css';
import { EtablissementDetail } from './etablissement-detail';
import { ContratEntry, PaiementEntry } from './reclamation-detail';

interface SummaryStepProps {
  type: TypeDemande;
  values: DetailsValues;
  uploads: readonly Upload[];
  sending: boolean;
  serverError: string | null;
  /** The anti-robot check of the send. */
  captcha: Captcha;
  onEdit: (step: number) => void;
  onSend: () => void;
}

/** Step 4: everything the request will say, each part with its way back, then "Envoyer". */
export function SummaryStep({
  type,
  values,
  uploads,
  sending,
  serverError,
  captcha,
  onEdit,
  onSend,
}: SummaryStepProps) {
  const beneficiaires = useBeneficiaires();
  const beneficiaire = beneficiaires.data?.find((candidate) => String(candidate.id) === values.beneficiaire);
  const kind = formKind(type);
  const montant = parseMontant(values.montant);

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
        <dl className="entries">
          {beneficiaire && kind !== 'reclamation' && (
            <Entry label={t('creation.champ.beneficiaire')}>{memberDisplayName('', beneficiaire.prenom, beneficiaire.nom)}</Entry>
          )}
          {kind === 'soins' && (
            <>
              <Entry label={t('creation.champ.dateSoins')}>{formatIsoDate(values.dateSoins)}</Entry>
              <Entry label={t('creation.champ.montant')}>{montant === null ? '-' : formatAmount(montant)}</Entry>
            </>
          )}
          {kind === 'hospitalisation' && (
            <>
              {values.etablissement && (
                <Entry label={t('creation.champ.etablissement')}>
                  <EtablissementDetail etablissement={values.etablissement} />
                </Entry>
              )}
              <Entry label={t('creation.champ.dateEntree')}>{formatIsoDate(values.dateEntree)}</Entry>
              {values.dateSortie && (
                <Entry label={t('creation.champ.dateSortie')}>{formatIsoDate(values.dateSortie)}</Entry>
              )}
              {values.typeHospitalisation && (
                <Entry label={t('creation.champ.typeHospitalisation')}>{typeHospitalisationLabel(values.typeHospitalisation)}</Entry>
              )}
              <Entry label={t('demande.hospitalisation.chambre')}>{t(values.chambreParticuliere ? 'demande.oui' : 'demande.non')}</Entry>
            </>
          )}
          {kind === 'devis' && (
            <Entry label={t('creation.devis.lignes')}>
              <ol className={styles.summaryLignes}>
                {values.lignes.map((ligne, index) => (
                  // Lines have no id of their own: their place is what the member API answers by.
                  <li key={index}>{ligneResume(ligne)}</li>
                ))}
              </ol>
            </Entry>
          )}
          {kind === 'reclamation' && <ReclamationEntries values={values} />}
          {values.commentaire.trim() !== '' && (
            <Entry label={t(commentaireLabels[kind] ?? 'demande.commentaire')}><span className={styles.message}>{values.commentaire.trim()}</span></Entry>
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
      <CaptchaWidget captcha={captcha} />
      <div className={styles.actions}>
        <button type="submit" className="button button-primary" disabled={sending}>
          {t(sending ? 'creation.envoi' : 'creation.envoyer')}
        </button>
        <CaptchaWaiting captcha={captcha} />
      </div>
    </form>
  );
}

/** The text's name where the form gave it one of its own. */
const commentaireLabels: Partial<Record<ReturnType<typeof formKind>, MessageKey>> = {
  question: 'creation.champ.question',
  reclamation: 'creation.champ.reclamation',
};

/** A complaint's motif and subject, and the contract or the payment it names, if any. */
function ReclamationEntries({ values }: { values: DetailsValues }) {
  return (
    <>
      <Entry label={t('creation.champ.motifReclamation')}>{motifReclamationLabel(values.motif)}</Entry>
      <Entry label={t('creation.champ.objet')}>{values.objet.trim()}</Entry>
      {concerneUnContrat(values.motif) && values.numeroContrat !== '' && (
        <ContratEntry numeroContrat={values.numeroContrat} />
      )}
      {concerneUnPaiement(values.motif) && values.paymentId !== '' && <PaiementEntry paymentId={values.paymentId} />}
    </>
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
