import { useMemberSession } from '@/hooks/session-context';
import { AsyncPart } from '@/components/async-part';
import { Skeleton } from '@/components/skeleton';
import { inForceFirst } from '@/entities/carte-tp/carte-tp-label';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { downloadFile } from '@/components/download-file';
import { useCarteTp } from '../api/get-carte-tp';
import { CarteTpCarte } from './carte-tp-carte';
import { GarderCarteSwitch, useKeptCard } from './carte-tp-garder';
import { CarteTpWallets } from './carte-tp-wallets';
import styles from './carte-tp.module.css';

/**
 * `/mutuelle/smart-carte`: the card in force and next period's, as a professional reads them.
 * Each answer is also kept on the device once the member turns that on (`useKeptCard`),
 * for the offline page (`carte-tp-hors-connexion-page.tsx`).
 */
export function CarteTpPage() {
  usePageTitle(t('nav.carteTp'));
  const { User } = useMemberSession();
  const cartes = useCarteTp();
  const { keep, changeKeep } = useKeptCard(User.numeroPersonne, cartes.data);

  return (
    <div className="card">
      <h1 className="page-title">{t('nav.carteTp')}</h1>
      <AsyncPart
        query={cartes}
        loadingLabel={t('carteTp.loading')}
        placeholder={<Skeleton className={styles.skeleton} />}
        failureMessage={t('carteTp.error')}
      >
        {(data) =>
          data.length === 0 ? (
            <div className={styles.none}>
              <p>{User.Radie ? t('carteTp.none.radie') : t('carteTp.none.text')}</p>
              <p>{t('carteTp.none.contact')}</p>
            </div>
          ) : (
            <>
              {/* The card in force first, then next period's. */}
              {[...data]
                .sort(inForceFirst)
                .map((carte) => (
                  <CarteTpCarte
                    key={carte.id}
                    carte={carte}
                    actions={
                      <>
                        <button
                          type="button"
                          className="button button-primary"
                          onClick={() =>
                            void downloadFile(`/api/assure/carte-tp-detail/${String(carte.id)}`, {
                              fileName: 'carte-tiers-payant.pdf',
                            })
                          }
                        >
                          {t('carteTp.download')}
                        </button>
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => {
                            window.print();
                          }}
                        >
                          {t('carteTp.print')}
                        </button>
                        {/* The wallets take the card in force: the server signs that one only. */}
                        {carte.periode === 'EN_COURS' && <CarteTpWallets />}
                      </>
                    }
                  />
                ))}
              <GarderCarteSwitch keep={keep} onChange={changeKeep} />
            </>
          )
        }
      </AsyncPart>
    </div>
  );
}
