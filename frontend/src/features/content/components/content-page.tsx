import { Link } from 'react-router';
import type { SWRResponse } from 'swr';
import { paths } from '@/config/paths';
import { Skeleton } from '@/components/skeleton';
import { usePageTitle } from '@/hooks/use-page-title';
import contentTexts from '@/i18n/fr/content.json';
import { addMessages, type MessageKey, t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { partState } from '@/components/part-state';
import { RichText } from './rich-text';
import styles from './content-page.module.css';

addMessages(contentTexts);

function errorText(error: unknown): MessageKey {
  if (isApiError(error, 404)) return 'content.error.notFound';
  if (isApiError(error, 403)) return 'content.error.forbidden';
  return 'content.error.other';
}

interface ContentPageProps<T> {
  query: SWRResponse<T, unknown>;
  /** Shown in the tab before the content has loaded, and if it cannot load. */
  fallbackTitle: string;
  select: (data: T) => { title: string; html: string };
}

/**
 * A page of the content service: a skeleton while loading, a French error state on failure.
 * The whole page is the part here, so its failure is a page of its own rather than
 * `AsyncPart`'s line: it says whether the page exists and leads back home.
 */
export function ContentPage<T>({ query, fallbackTitle, select }: ContentPageProps<T>) {
  const { error, mutate } = query;
  const state = partState(query);
  const content = state.status === 'ready' ? select(state.data) : undefined;
  usePageTitle(content?.title ?? fallbackTitle);

  if (content) {
    return (
      <article className="card">
        <h1 className="page-title">{content.title}</h1>
        <RichText html={content.html} />
      </article>
    );
  }

  if (state.status === 'failed') {
    return (
      <div className="card">
        <h1 className="page-title">{t('content.error.title')}</h1>
        <p>{t(errorText(error))}</p>
        <div className="actions">
          {!isApiError(error, 404) && !isApiError(error, 403) && (
            <button type="button" className="button button-primary" onClick={() => void mutate()}>
              {t('content.retry')}
            </button>
          )}
          <Link className="button button-secondary" to={paths.home}>
            {t('content.backHome')}
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div className="card" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('content.loading')}
      </span>
      <Skeleton className={styles.skeletonTitle} />
      {(['full', 'long', 'longer', 'short'] as const).map((width) => (
        <Skeleton key={width} className={[styles.skeletonLine, styles[width]].join(' ')} />
      ))}
    </div>
  );
}
