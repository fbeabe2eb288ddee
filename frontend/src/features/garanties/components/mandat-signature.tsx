import { useEffect, useId, useRef, useState } from 'react';
import { Entry } from '@/components/entry';
import { FormField } from '@/components/form-field';
import { SignedInAgainNotice } from '@/components/signed-in-again-notice';
import { useKeepAcrossSignIn } from '@/hooks/kept-across-sign-in';
import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { formatParisTime, parseInstant } from '@/lib/format-date';
import { missingValue } from '@/lib/missing-value';
import type { MandatSepa } from '../api/get-mandats';
import { codeSignature, postSignatureMandat } from '../api/post-signature-mandat';
import { mandatGarde } from '../mandat-garde';
import styles from './garanties.module.css';

interface MandatASignerProps {
  mandat: MandatSepa;
  /** Just drawn up at the member's request: its heading takes the focus as it appears. */
  focus: boolean;
  /** The code typed before signing in again; '' otherwise. */
  codeRepris: string;
  onSigned: (mandat: MandatSepa) => void;
}

/**
 * « Mandat de prélèvement SEPA »: the mandate as the member signs it, every mention the SEPA
 * rulebook asks for and its wording as the member API gives it, then the code it sent by email
 * to sign it with. The member API judges the code (a wrong one says how many tries are left);
 * the browser only asks for its six digits first. Back from signing in again, which the portal
 * asks before the signature too, the code typed is there again.
 */
export function MandatASigner({ mandat, focus, codeRepris, onSigned }: MandatASignerProps) {
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const signer = useSubmit(postSignatureMandat);
  const [code, setCode] = useState(codeRepris);
  const [incomplet, setIncomplet] = useState(false);
  useKeepAcrossSignIn(mandatGarde, () => ({ ...mandatGarde.empty, code }));
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  const submit = async () => {
    if (!codeSignature.test(code)) {
      setIncomplet(true);
      return;
    }
    const result = await signer.submit({ rum: mandat.rum, code });
    if (result.ok) onSigned(result.data);
  };

  return (
    <section className={styles.mandat} aria-labelledby={`${id}-titre`}>
      <h4 id={`${id}-titre`} ref={heading} tabIndex={-1}>
        {t('cotisations.mandat.sepa')}
      </h4>
      <dl className="entries">
        <Entry label={t('cotisations.mandat.rum')}>{mandat.rum}</Entry>
        <Entry label={t('cotisations.mandat.ics')}>{mandat.ics}</Entry>
        <Entry label={t('cotisations.mandat.creancier')}>
          <Partie partie={mandat.creancier} />
        </Entry>
        <Entry label={t('cotisations.mandat.debiteur')}>
          <Partie partie={mandat.debiteur} />
        </Entry>
        <Entry label={t('cotisations.mandat.titulaire')}>{mandat.titulaire}</Entry>
        <Entry label={t('cotisations.mandat.iban')}>{mandat.ibanMasque}</Entry>
        <Entry label={t('cotisations.mandat.bic')}>{mandat.bic}</Entry>
        <Entry label={t('cotisations.mandat.typePaiement')}>
          {t(`cotisations.mandat.typePaiement.${mandat.typePaiement}`)}
        </Entry>
      </dl>
      <p className={styles.mandatTexte}>{mandat.texte}</p>
      <form
        className={styles.mandatForm}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        noValidate
      >
        {codeRepris !== '' && <SignedInAgainNotice />}
        <p id={`${id}-consigne`}>
          {t('cotisations.mandat.code.consigne', { adresse: mandat.codeEnvoyeA, heure: expiration(mandat) })}
        </p>
        <FormField
          label={t('cotisations.mandat.code.label')}
          error={incomplet ? t('cotisations.mandat.code.erreur') : undefined}
        >
          {({ 'aria-describedby': describedBy, ...props }) => (
            <input
              {...props}
              aria-describedby={[`${id}-consigne`, describedBy].filter(Boolean).join(' ')}
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={styles.code}
              value={code}
              onChange={(event) => {
                setCode(event.target.value.replace(/\D/g, ''));
                setIncomplet(false);
              }}
            />
          )}
        </FormField>
        <div className={styles.mandatActions}>
          <button type="submit" className="button button-primary" disabled={signer.sending}>
            {t('cotisations.mandat.signer')}
          </button>
        </div>
        {signer.error && (
          <p role="alert" className="notice-error">
            {signer.error}
          </p>
        )}
      </form>
    </section>
  );
}

/** The creditor or the debtor: a name, an address below it. */
function Partie({ partie }: { partie: MandatSepa['creancier'] }) {
  return (
    <>
      <span className={styles.ligne}>{partie.nom}</span>
      <span className={styles.ligne}>{partie.adresse}</span>
    </>
  );
}

/** Until when the code serves, in Paris time: true also of a mandate shown again after a reload. */
function expiration(mandat: MandatSepa): string {
  const instant = parseInstant(mandat.codeExpireLe);
  return instant ? formatParisTime(instant) : missingValue;
}
