import { useParams } from 'react-router';
import { t } from '@/i18n/t';
import { usePageNouveautes } from '../api/get-page-nouveautes';
import { ContentPage } from './content-page';

/** `/home/nouveautes/:id`: the page an internal news-banner link opens. */
export function NewsPage() {
  const { id = '' } = useParams();
  return (
    <ContentPage
      query={usePageNouveautes(id)}
      fallbackTitle={t('content.nouveautes')}
      select={(page) => ({ title: page.Titre, html: page.Contenu })}
    />
  );
}
