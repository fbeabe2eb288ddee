import { useState } from 'react';
import { useBrand } from '@/hooks/brand-context';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { getGoogleWalletLink } from '../api/get-google-wallet-link';

/** Where the pass is downloaded: a plain link, so that Safari on an iPhone opens it in Wallet. */
export const applePassUrl = '/api/carte-tp/wallet/apple';
/** The only place a Google Wallet link may send the member. */
const googleSaveUrl = 'https://pay.google.com/gp/v/save/';

/**
 * « Ajouter à Apple Wallet » and « Ajouter à Google Wallet » for the card in force, each shown
 * only when the partner set that wallet up (`brand.wallets`). The server builds and signs both
 * from the member API's card (docs/product/screens.md#the-card-in-the-phones-wallet).
 */
export function CarteTpWallets() {
  const { wallets } = useBrand();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const addToGoogle = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await getGoogleWalletLink();
      if (!url.startsWith(googleSaveUrl)) throw new Error('not a Google Wallet link');
      browserLocation.assign(url);
    } catch (failure) {
      // A session that ended is handled once, in the fetcher; anything else is said here.
      setError(isApiError(failure) && failure.status !== 401 ? failure.message : t('carteTp.wallet.erreur'));
    } finally {
      setBusy(false);
    }
  };

  if (!wallets.apple && !wallets.google) return null;
  return (
    <>
      {wallets.apple && (
        <a className="button button-secondary" href={applePassUrl}>
          {t('carteTp.wallet.apple')}
        </a>
      )}
      {wallets.google && (
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void addToGoogle()}
        >
          {t('carteTp.wallet.google')}
        </button>
      )}
      {error !== null && <p role="alert">{error}</p>}
    </>
  );
}
