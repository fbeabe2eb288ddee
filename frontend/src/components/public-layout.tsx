import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import styles from './public-layout.module.css';

/**
 * The frame of the pages seen without a session: fallback, error and accessibility pages.
 * `text` widens the card for a page of reading, aligned to the left.
 */
export function PublicLayout({ children, text = false }: { children: ReactNode; text?: boolean }) {
  const brand = useBrand();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <img src={brand.logoUrl} alt="" width={32} height={32} />
        <span className={styles.brand}>{t('app.name')}</span>
      </header>
      <main className={styles.main}>
        <div className={text ? [styles.card, styles.text].join(' ') : styles.card}>{children}</div>
      </main>
      <footer className={styles.footer}>
        <Link to={paths.accessibilite}>
          {t('footer.accessibilite', { etat: brand.accessibilite.etat })}
        </Link>
      </footer>
    </div>
  );
}
