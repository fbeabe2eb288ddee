import { paths, serverPaths } from '@/app/paths';
import { t } from '@/i18n/t';
import styles from './landing-page.module.css';

/** Public entry screen (route `/`): the only page a signed-out member can see. */
export function LandingPage() {
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className={styles.brand}>{t('app.name')}</span>
      </header>
      <main className={styles.main}>
        <div className={styles.card}>
          <h1 className={styles.title}>{t('auth.landing.title')}</h1>
          <p className={styles.intro}>{t('auth.landing.intro')}</p>
          {/* A plain link, not <Link>: sign-in is a server route that redirects to the
              identity provider, so it needs a full page load. */}
          <a className={styles.login} href={serverPaths.login(paths.home)}>
            {t('auth.landing.login')}
          </a>
        </div>
      </main>
    </div>
  );
}
