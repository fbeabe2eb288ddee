import { useEffect, useId, useRef, useState } from 'react';
import cookiesTexts from '@/i18n/fr/cookies.json';
import { addMessages, t } from '@/i18n/t';
import { type Consent, type ConsentChoice, readConsent, saveConsent } from '@/entities/consentement/cookie-consent';
import { formatDate } from '@/lib/format-date';
import styles from './cookie-consent-dialog.module.css';

addMessages(cookiesTexts);

/** The cookies the portal sets; all are strictly necessary (no consent needed by law). */
const portalCookies = [
  {
    name: '__Host-espace-assure-session',
    purpose: 'cookies.session.purpose',
    duration: 'cookies.session.duration',
  },
  { name: '__Host-XSRF-TOKEN', purpose: 'cookies.xsrf.purpose', duration: 'cookies.xsrf.duration' },
] as const;

function choiceText(consent: Consent | null): string {
  if (!consent) return t('cookies.choice.none');
  const date = formatDate(consent.expiresAt);
  return consent.choice === 'accepted'
    ? t('cookies.choice.accepted', { date })
    : t('cookies.choice.refused', { date });
}

interface CookieConsentDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Gestion des cookies": what the portal stores and why, and the member's choice. "Tout
 * accepter" and "Tout refuser" sit side by side with the same look, so that refusing is as
 * easy as accepting (CNIL guidance). A native modal <dialog> traps focus, closes with Escape
 * and is closed like every other modal at sign-out.
 */
export function CookieConsentDialog({ open, onClose }: CookieConsentDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [consent, setConsent] = useState(readConsent);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      setConsent(readConsent());
      element.showModal();
    }
    if (!open && element.open) element.close();
  }, [open]);

  const choose = (choice: ConsentChoice) => {
    setConsent(saveConsent(choice));
    onClose();
  };

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={onClose}>
      <h2 id={titleId} className={styles.title}>
        {t('cookies.title')}
      </h2>
      <p>{t('cookies.intro')}</p>
      <div className={styles.tableWrapper}>
        <table className={styles.table}>
          <caption className={styles.caption}>{t('cookies.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('cookies.column.name')}</th>
              <th scope="col">{t('cookies.column.purpose')}</th>
              <th scope="col">{t('cookies.column.duration')}</th>
            </tr>
          </thead>
          <tbody>
            {portalCookies.map((cookie) => (
              <tr key={cookie.name}>
                <th scope="row">
                  <code>{cookie.name}</code>
                </th>
                <td>{t(cookie.purpose)}</td>
                <td>{t(cookie.duration)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p>{t('cookies.storage')}</p>
      <p className={styles.choice}>{choiceText(consent)}</p>
      <div className={styles.choices}>
        {(['accepted', 'refused'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="button button-primary"
            onClick={() => {
              choose(choice);
            }}
          >
            {t(choice === 'accepted' ? 'cookies.acceptAll' : 'cookies.refuseAll')}
          </button>
        ))}
      </div>
      <button
        type="button"
        className={['button button-secondary', styles.closeButton].join(' ')}
        onClick={onClose}
      >
        {t('cookies.close')}
      </button>
    </dialog>
  );
}
