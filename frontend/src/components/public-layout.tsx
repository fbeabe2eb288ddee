import type { ReactNode } from 'react';
import { t } from '@/i18n/t';
import { useBrand } from '@/lib/brand-context';
import styles from './public-layout.module.css';

/** The frame of the pages seen without a session: root, fallback and error pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  const brand = useBrand();
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <img src={brand.logoUrl} alt="" width={32} height={32} />
        <span className={styles.brand}>{t('app.name')}</span>
      </header>
      <main className={styles.main}>
        <div className={styles.card}>{children}</div>
      </main>
    </div>
  );
}
