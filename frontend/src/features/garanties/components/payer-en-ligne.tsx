import { useSubmit } from '@/hooks/use-submit';
import { t } from '@/i18n/t';
import { formatAmount } from '@/lib/format-amount';
import { postForm } from '@/lib/post-form';
import { postPaiement } from '../api/post-paiement';
import styles from './garanties.module.css';

/**
 * « Payer … par carte »: what is owed at once on a contract, paid on the payment service
 * provider's page. The portal asks the member API for the order and signs its form (after a
 * recent sign-in), then the browser posts that form to the provider; it comes back to « Paiement
 * de vos cotisations » (`paths.paiement`). `montant` only labels the button: the member API sets
 * the amount of the order.
 */
export function PayerEnLigne({ numeroContrat, montant }: { numeroContrat: string; montant: number }) {
  const payer = useSubmit(postPaiement);

  const submit = async () => {
    const result = await payer.submit({ numeroContrat });
    if (result.ok) postForm(result.data.formulaire.action, result.data.formulaire.champs);
  };

  return (
    <div className={styles.payer}>
      {/*
        Not kept disabled once the form is posted (`sent`): should the member come back from the
        provider's page with the browser's Back button, the page may be restored as it was left.
      */}
      <button
        type="button"
        className="button button-primary"
        disabled={payer.sending}
        onClick={() => void submit()}
      >
        {t('cotisations.payer', { amount: formatAmount(montant) })}
      </button>
      {payer.error && (
        <p role="alert" className="notice-error">
          {payer.error}
        </p>
      )}
    </div>
  );
}
