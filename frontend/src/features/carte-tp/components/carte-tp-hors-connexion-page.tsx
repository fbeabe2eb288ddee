import { PublicLayout } from '@/components/public-layout';
import type { SavedCard } from '@/entities/carte-tp/saved-card';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { formatIsoDate } from '@/lib/format-date';
import { CarteTpCarte } from './carte-tp-carte';
import styles from './carte-tp.module.css';

interface CarteTpHorsConnexionPageProps {
  /** The copy kept on the device (`entities/carte-tp/saved-card.ts`), still valid. */
  saved: SavedCard;
  /** Asks the server for the session again (the network may be back). */
  onRetry: () => void;
}

/**
 * The card page when the app starts without a network (see `app/member-space.tsx`): the copy
 * kept on the device, drawn like the online card, with the day it was saved. Nothing else of
 * the member's space, which needs the server: no menu, no download or print of the PDF.
 */
export function CarteTpHorsConnexionPage({ saved, onRetry }: CarteTpHorsConnexionPageProps) {
  usePageTitle(t('nav.carteTp'));
  return (
    <PublicLayout text>
      <h1 className="page-title">{t('nav.carteTp')}</h1>
      <p className={styles.horsConnexion}>
        {t('carteTp.horsConnexion.statut', { date: formatIsoDate(saved.savedOn) })}
      </p>
      {saved.cartes.map((carte) => (
        <CarteTpCarte key={carte.id} carte={carte} />
      ))}
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {t('carteTp.horsConnexion.reessayer')}
      </button>
    </PublicLayout>
  );
}
