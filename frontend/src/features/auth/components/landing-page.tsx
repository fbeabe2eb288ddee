import { useLocation } from 'react-router';
import { serverPaths } from '@/config/paths';
import { PublicLayout } from '@/components/public-layout';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { requestedPath } from '../return-to';
import styles from './landing-page.module.css';

/** Public entry screen (route `/`): the only page a signed-out member can see. */
export function LandingPage() {
  const location = useLocation();
  usePageTitle(t('auth.landing.login'));
  return (
    <PublicLayout>
      <h1 className={styles.title}>{t('auth.landing.title')}</h1>
      <p className={styles.intro}>{t('auth.landing.intro')}</p>
      {/* A plain link, not <Link>: sign-in is a server route that redirects to the
          identity provider, so it needs a full page load. */}
      <a className="button button-primary" href={serverPaths.login(requestedPath(location.state))}>
        {t('auth.landing.login')}
      </a>
    </PublicLayout>
  );
}
