import { useEffect, useId, useRef } from 'react';
import reconnexionTexts from '@/i18n/fr/reconnexion.json';
import { addMessages, type MessageKey, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { isPathOf, recentSignInWrites } from '@/config/paths';
import { type SignInAgainAsked, signInAgainNow, stayOnThePage } from '../sign-in-again';
import styles from './sign-in-again-dialog.module.css';

addMessages(reconnexionTexts);

type RecentSignInWrite = keyof typeof recentSignInWrites;

const pourquoi: Record<RecentSignInWrite, MessageKey> = {
  banque: 'reconnexion.pourquoi.banque',
  resiliation: 'reconnexion.pourquoi.resiliation',
  ajoutBeneficiaire: 'reconnexion.pourquoi.ajoutBeneficiaire',
  delegation: 'reconnexion.pourquoi.delegation',
  planReglement: 'reconnexion.pourquoi.planReglement',
  paiement: 'reconnexion.pourquoi.paiement',
  mandat: 'reconnexion.pourquoi.mandat',
  signatureMandat: 'reconnexion.pourquoi.signatureMandat',
};

/** Why the member is asked, from the write the portal refused: what they were doing. */
function pourquoiDe(url: string): MessageKey {
  const write = (Object.keys(recentSignInWrites) as RecentSignInWrite[]).find(
    (name) => isPathOf(recentSignInWrites[name], url),
  );
  return write ? pourquoi[write] : 'reconnexion.pourquoi.autre';
}

/**
 * « Confirmez votre identité »: the portal refused a sensitive write until the member signs in
 * again (`sign-in-again.ts`). Over the whole page, in the portal's look, it says why and what
 * it protects, then the member goes through the identity provider (« Me reconnecter »), what
 * they typed kept, or stays on the form as they left it (« Annuler », Escape). A native modal
 * <dialog>, like every modal of the app: the form behind waits, and sign-out closes it. Shown
 * as soon as it is mounted, while `asked`; however it closes, the browser gives the focus back
 * to the form's button, then the member stays.
 */
export function SignInAgainDialog({ asked }: { asked: SignInAgainAsked }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const brand = useBrand();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId} onClose={stayOnThePage}>
      <div className={['card', styles.card].join(' ')}>
        <img src={brand.logoUrl} alt="" width={40} height={40} />
        <h2 id={titleId} className={styles.title}>
          {t('reconnexion.title')}
        </h2>
        <p className={styles.why}>{t(pourquoiDe(asked.url))}</p>
        <p>{t('reconnexion.protege')}</p>
        <p>{t('reconnexion.garde')}</p>
        <div className={styles.buttons}>
          <button type="button" className="button button-primary" onClick={signInAgainNow}>
            {t('reconnexion.reconnecter')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              dialog.current?.close();
            }}
          >
            {t('reconnexion.annuler')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
