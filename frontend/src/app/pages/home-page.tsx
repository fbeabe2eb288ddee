import { NewsBanner } from '@/features/content/components/news-banner';
import { useHome } from '@/features/home/api/get-home';
import { HomeDashboard } from '@/features/home/components/home-dashboard';
import { PartFailure } from '@/components/part-failure';
import { partState } from '@/features/home/home-parts';
import { usePageTitle } from '@/hooks/use-page-title';
import { t } from '@/i18n/t';
import { useMemberSession } from '@/hooks/session-context';

/**
 * `/home`: the news banner above the dashboard. Both paint from one request, `/api/home`,
 * which also carries the banner; the member's flags come from the session.
 */
export function HomePage() {
  usePageTitle(t('section.home'));
  const { User } = useMemberSession();
  const home = useHome();
  const banner = partState(home, 'bandeau');

  return (
    <>
      <h1 className="visually-hidden">{t('section.home')}</h1>
      {banner.status === 'ready' && <NewsBanner banner={banner.data} />}
      {banner.status === 'failed' && (
        <PartFailure message={t('home.bandeau.error')} onRetry={() => void home.mutate()} />
      )}
      <HomeDashboard flags={User} home={home} />
    </>
  );
}
