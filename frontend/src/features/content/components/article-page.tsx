import { useParams } from 'react-router';
import { t } from '@/i18n/t';
import { useMenu } from '../api/get-menu';
import { ContentPage } from './content-page';

/** `/home/article/:id`: the article of a sidebar menu entry. */
export function ArticlePage() {
  const { id = '' } = useParams();
  return (
    <ContentPage
      query={useMenu(id)}
      fallbackTitle={t('content.article')}
      select={(menu) => ({ title: menu.Titre, html: menu.Contenu })}
    />
  );
}
