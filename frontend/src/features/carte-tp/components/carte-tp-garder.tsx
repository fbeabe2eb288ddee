import { useEffect, useId, useState } from 'react';
import { type CarteTpShown, readKeepCard, saveCard, setKeepCard } from '@/entities/carte-tp/saved-card';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { paths } from '@/config/paths';
import { keepAppPageForOffline } from '../app-page-cache';
import styles from './carte-tp.module.css';

/**
 * « Garder ma carte sur cet appareil » (see `entities/carte-tp/saved-card.ts`): whether the member keeps the
 * card on the device, `undefined` until the choice has been read, and, once the member has
 * turned it on, the card answer kept each time it arrives from the network for `owner`.
 */
export function useKeptCard(owner: string, cartes: readonly CarteTpShown[] | undefined) {
  const [keep, setKeep] = useState<boolean>();

  useEffect(() => {
    let mounted = true;
    void readKeepCard().then((kept) => {
      if (mounted) setKeep(kept);
    });
    return () => {
      mounted = false;
    };
  }, []);

  useEffect(() => {
    if (cartes === undefined || keep !== true) return;
    void saveCard(owner, cartes).then((kept) =>
      kept ? keepAppPageForOffline(paths.smartCarte) : undefined,
    );
  }, [owner, cartes, keep]);

  const changeKeep = (next: boolean) => {
    setKeep(next);
    // Off erases the copy at once (and the effect above stops saving); on saves it again.
    void setKeepCard(next);
  };

  return { keep, changeKeep };
}

interface GarderCarteSwitchProps {
  keep: boolean | undefined;
  onChange: (keep: boolean) => void;
}

/**
 * The switch itself: off until the member turns it on, held until the choice is known. Its
 * hint says what is kept and when it is erased, the partner's number of days without a
 * sign-in included.
 */
export function GarderCarteSwitch({ keep, onChange }: GarderCarteSwitchProps) {
  const hintId = useId();
  const { keptCardDays } = useBrand();
  return (
    <div className={styles.garder}>
      <label className={styles.switch}>
        <input
          type="checkbox"
          role="switch"
          checked={keep ?? false}
          disabled={keep === undefined}
          aria-describedby={hintId}
          onChange={(event) => {
            onChange(event.currentTarget.checked);
          }}
        />
        <span>{t('carteTp.horsConnexion.garder')}</span>
      </label>
      <p id={hintId} className={styles.garderAide}>
        {t(
          keptCardDays === 1
            ? 'carteTp.horsConnexion.garderAide.one'
            : 'carteTp.horsConnexion.garderAide.other',
          { count: keptCardDays },
        )}
      </p>
    </div>
  );
}
