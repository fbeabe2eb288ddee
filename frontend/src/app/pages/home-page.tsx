import { SectionInPreparation } from '@/components/section-in-preparation';
import { NewsBanner } from '@/features/content/components/news-banner';
import { t } from '@/i18n/t';

/** `/home`: the news banner above the dashboard, which comes with its own section. */
export function HomePage() {
  return (
    <>
      <NewsBanner />
      <SectionInPreparation title={t('section.home')} showHomeLink={false} />
    </>
  );
}
