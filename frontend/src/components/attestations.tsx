import { useId, useState } from 'react';
import { useBeneficiaires } from '@/api/get-beneficiaires';
import attestationsTexts from '@/i18n/fr/attestations.json';
import { addMessages, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { memberDisplayName } from '@/entities/personne/format-name';
import { downloadFile } from './download-file';
import { FormField } from './form-field';
import styles from './attestations.module.css';

addMessages(attestationsTexts);

export type TypeAttestation = 'DROITS' | 'ADHESION';

/**
 * `GET assure/attestation`: the certificate of `type`, for a beneficiary (`idBeneficiaire`)
 * or, without one, the member.
 */
export function attestationUrl(type: TypeAttestation, beneficiaire: string): string {
  const query = new URLSearchParams({ type });
  if (beneficiaire !== '') query.set('beneficiaire', beneficiaire);
  return `/api/assure/attestation?${query.toString()}`;
}

const fileNames: Record<TypeAttestation, string> = {
  DROITS: 'attestation-droits.pdf',
  ADHESION: 'attestation-adhesion.pdf',
};

/** The certificates for money matters, in the member's name, for a year. */
export type TypeAttestationFiscale = 'MADELIN' | 'COTISATIONS';

export function attestationFiscaleUrl(type: TypeAttestationFiscale, annee: number): string {
  return `/api/assure/attestation?${new URLSearchParams({ type, annee: String(annee) }).toString()}`;
}

/** This year and the four before it, the latest first: what a tax return or an accountant asks for. */
function anneesProposees(): number[] {
  const cette = new Date().getFullYear();
  return [0, 1, 2, 3, 4].map((recul) => cette - recul);
}

/**
 * « Mes attestations », on Mes garanties and on Mes informations personnelles: the
 * certificates of rights and of membership, as PDF, for the member or one of the people
 * their contracts cover. A failure is announced like every download's (the API client's
 * broadcast); a 404, a member without any contract, also gets its explanation here.
 */
export function Attestations() {
  const beneficiaires = useBeneficiaires();
  const [pour, setPour] = useState('');
  const [indisponible, setIndisponible] = useState(false);
  const annees = anneesProposees();
  // Last year by default: the Madelin certificate is of a closed year.
  const [annee, setAnnee] = useState(annees[1] ?? 0);
  const titleId = useId();
  const people = beneficiaires.data ?? [];
  const member = people.find((person) => person.lien === 'ASSURE_PRINCIPAL');
  const others = people.filter((person) => person.lien !== 'ASSURE_PRINCIPAL');

  const download = (type: TypeAttestation) => {
    setIndisponible(false);
    void downloadFile(attestationUrl(type, pour), {
      fileName: fileNames[type],
      onFailure: (error) => {
        if (isApiError(error, 404)) setIndisponible(true);
      },
    });
  };

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="section-title">
        {t('attestations.title')}
      </h2>
      <p className={styles.intro}>{t('attestations.intro')}</p>
      {/* Without anyone else covered, the certificates are the member's: nothing to choose. */}
      {others.length > 0 && (
        <div className={styles.choix}>
          <FormField label={t('attestations.pour')} error={undefined}>
            {(props) => (
              <select
                {...props}
                value={pour}
                onChange={(event) => {
                  setPour(event.target.value);
                  setIndisponible(false);
                }}
              >
                <option value="">
                  {member
                    ? t('attestations.vous', { name: memberDisplayName('', member.prenom, member.nom) })
                    : t('attestations.vousSeul')}
                </option>
                {others.map((person) => (
                  <option key={person.id} value={String(person.id)}>
                    {memberDisplayName('', person.prenom, person.nom)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button-secondary" onClick={() => { download('DROITS'); }}>
          {t('attestations.droits')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => { download('ADHESION'); }}>
          {t('attestations.adhesion')}
        </button>
      </div>
      {indisponible && (
        <p role="alert" className={['notice-error', styles.notice].join(' ')}>
          {t('attestations.aucune')}
        </p>
      )}
      <h3 className={styles.subtitle}>{t('attestations.fiscales.title')}</h3>
      <p className={styles.intro}>{t('attestations.fiscales.intro')}</p>
      <div className={styles.choix}>
        <FormField label={t('attestations.fiscales.annee')} error={undefined}>
          {(props) => (
            <select
              {...props}
              value={String(annee)}
              onChange={(event) => {
                setAnnee(Number(event.target.value));
              }}
            >
              {annees.map((proposee) => (
                <option key={proposee} value={String(proposee)}>
                  {proposee}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {/* A refusal (no Madelin contract, a year without contributions) is the member API's
          message, announced like every download's. */}
      <div className={styles.actions}>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void downloadFile(attestationFiscaleUrl('MADELIN', annee), { fileName: `attestation-madelin-${String(annee)}.pdf` })}
        >
          {t('attestations.fiscales.madelin')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void downloadFile(attestationFiscaleUrl('COTISATIONS', annee), { fileName: `releve-des-cotisations-${String(annee)}.pdf` })}
        >
          {t('attestations.fiscales.cotisations')}
        </button>
      </div>
    </section>
  );
}
