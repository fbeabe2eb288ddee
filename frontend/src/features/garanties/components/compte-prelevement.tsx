import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { contratsKey } from '@/api/get-contrats';
import { AsyncPart } from '@/components/async-part';
import { downloadDocument } from '@/components/download-file';
import { FormLoading } from '@/components/form-loading';
import { Skeleton } from '@/components/skeleton';
import { useRestoredAfterSignIn } from '@/hooks/kept-across-sign-in';
import { t } from '@/i18n/t';
import { formatParisDate, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import { type MandatSepa, mandatsKey, useMandats } from '../api/get-mandats';
import { compteRestaure, mandatGarde, type MandatSaisi } from '../mandat-garde';
import styles from './garanties.module.css';
import { MandatASigner } from './mandat-signature';

/** The form and the forms library, loaded when the member is about to change account. */
function loadMandatEditor() {
  return import('./mandat-editor');
}
const MandatEditor = lazy(() => loadMandatEditor().then((module) => ({ default: module.MandatEditor })));

/**
 * Where the sub-section stands: the mandates as the member API lists them (`vue`), the
 * account's form open (`saisie`), a mandate just drawn up to sign (`signature`), or signed
 * (`signe`). What was typed before signing in again comes back once (`reprise`).
 */
type Etape =
  | { nom: 'vue'; reprise: string }
  | { nom: 'saisie'; reprise: MandatSaisi | null }
  | { nom: 'signature'; mandat: MandatSepa }
  | { nom: 'signe'; mandat: MandatSepa };

/** A mandate's PDF among the member's documents, saved under the name the server gives it. */
function telecharger(mandat: MandatSepa & { documentId: number }) {
  void downloadDocument({ id: mandat.documentId, nomFichier: `mandat-sepa-${mandat.rum}.pdf` });
}

/** Whether the signed mandate's PDF is there to download. */
function avecDocument(mandat: MandatSepa): mandat is MandatSepa & { documentId: number } {
  return typeof mandat.documentId === 'number';
}

/**
 * « Compte de prélèvement », once for the member in « Mes cotisations »: the SEPA mandate their
 * contributions are debited under, and « Changer de compte de prélèvement »: an account typed
 * and checked, the mandate the member API draws up for it, signed with the code it sends by
 * email (docs/product/screens.md#contributions). A mandate asked for a few minutes ago and not
 * signed yet is there to sign too: the email that carries the code leads back here, maybe in
 * another tab, and so does signing in again, which the portal asks before each step.
 */
export function CompteDePrelevement() {
  const mandats = useMandats();
  const { mutate } = useSWRConfig();
  const restored = useRestoredAfterSignIn(mandatGarde);
  const [etape, setEtape] = useState<Etape>(() => {
    const compte = compteRestaure(restored);
    return compte ? { nom: 'saisie', reprise: compte } : { nom: 'vue', reprise: restored?.code ?? '' };
  });
  const vue = () => {
    setEtape({ nom: 'vue', reprise: '' });
  };
  const enAttente =
    etape.nom === 'signature'
      ? etape.mandat
      : etape.nom === 'vue'
        ? mandats.data?.mandats.find((mandat) => mandat.statut === 'A_SIGNER')
        : undefined;

  return (
    <div className={styles.prelevement}>
      <h3>{t('cotisations.mandat.title')}</h3>
      <AsyncPart
        query={mandats}
        placeholder={<Skeleton className={styles.mandatSkeleton} />}
        failureMessage={t('cotisations.mandat.error')}
      >
        {(data) => <MandatEnVigueur mandat={data.mandats.find((mandat) => mandat.statut === 'ACTIF')} />}
      </AsyncPart>
      {etape.nom === 'signe' && <MandatSigne mandat={etape.mandat} />}
      {etape.nom === 'saisie' ? (
        <Suspense fallback={<FormLoading className={styles.mandatLoading} />}>
          <MandatEditor
            reprise={etape.reprise}
            onCancel={vue}
            onCreated={(mandat) => {
              setEtape({ nom: 'signature', mandat });
              // Listed now, to sign from here after a reload or from the email's link.
              void mutate(mandatsKey);
            }}
          />
        </Suspense>
      ) : (
        <>
          {enAttente && (
            <MandatASigner
              key={enAttente.rum}
              mandat={enAttente}
              focus={etape.nom === 'signature'}
              codeRepris={etape.nom === 'vue' ? etape.reprise : ''}
              onSigned={(mandat) => {
                setEtape({ nom: 'signe', mandat });
                // The mandate in force, and the contracts debited on its account.
                void Promise.all([mutate(mandatsKey), mutate(contratsKey)]);
              }}
            />
          )}
          <p className={styles.mandatActions}>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => {
                setEtape({ nom: 'saisie', reprise: null });
              }}
              // The form's code starts loading as the member points at the button or reaches it.
              onPointerEnter={() => void loadMandatEditor()}
              onFocus={() => void loadMandatEditor()}
            >
              {t('cotisations.mandat.changer')}
            </button>
          </p>
        </>
      )}
    </div>
  );
}

/** The mandate in force, with its PDF; none signed online (a paper one, or none yet). */
function MandatEnVigueur({ mandat }: { mandat: MandatSepa | undefined }) {
  if (!mandat) return <p>{t('cotisations.mandat.aucun')}</p>;
  const signeLe = parseInstant(mandat.signeLe);
  return (
    <p className={styles.mandatActions}>
      <span>
        {t('cotisations.mandat.enVigueur', {
          rum: mandat.rum,
          date: signeLe ? formatParisDate(signeLe) : missingValue,
          iban: mandat.ibanMasque,
        })}
      </span>
      {avecDocument(mandat) && (
        <button
          type="button"
          className={styles.lienBouton}
          onClick={() => {
            telecharger(mandat);
          }}
        >
          {t('cotisations.mandat.telecharger')}
        </button>
      )}
    </p>
  );
}

/**
 * The signature done: said, and focused as it appears so that a screen reader starts there,
 * the form that was focused being gone; the signed mandate to download.
 */
function MandatSigne({ mandat }: { mandat: MandatSepa }) {
  const notice = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    notice.current?.focus();
  }, []);
  return (
    <div className={styles.mandatSigne}>
      <p ref={notice} tabIndex={-1} role="status" className="notice-success">
        {t('cotisations.mandat.signe', { rum: mandat.rum })}
      </p>
      {avecDocument(mandat) && (
        <p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              telecharger(mandat);
            }}
          >
            {t('cotisations.mandat.telechargerSigne')}
          </button>
        </p>
      )}
    </div>
  );
}
