import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentPages } from '@/features/content/routes';
import { prefetchPage } from './lazy-pages';
import { usePrefetchOnIntent } from './use-prefetch-on-intent';

const loaded = vi.hoisted(() => ({ article: 0, news: 0 }));
vi.mock('@/features/content/components/article-page', () => {
  loaded.article += 1;
  return { ArticlePage: () => null };
});
vi.mock('@/features/content/components/news-page', () => {
  loaded.news += 1;
  return { NewsPage: () => null };
});

function Links() {
  usePrefetchOnIntent();
  return (
    <>
      <a href="/home/nouveautes/4">Nouveautés</a>
      <a href="https://example.org/home/nouveautes/4">Ailleurs</a>
    </>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Watches a page's loader: `prefetchPage` calls it synchronously, so whether it was called is
 * known at once, without waiting for an import that should not happen.
 */
function watch(page: keyof typeof contentPages) {
  return vi.spyOn(contentPages[page], 'lazy');
}

/** Resolves once the page's code, whose loading `lazy` started, is in. */
async function loadedBy(lazy: ReturnType<typeof watch>) {
  await lazy.mock.results[0]?.value;
}

describe('lazily loaded pages', () => {
  it('are not loaded for paths that are not theirs', () => {
    const article = watch('article');
    prefetchPage('/home');
    prefetchPage('/mutuelle/remboursements');
    expect(article).not.toHaveBeenCalled();
    expect(loaded.article).toBe(0);
  });

  it('are loaded by prefetchPage for their path, query and fragment aside', async () => {
    const article = watch('article');
    prefetchPage('/home/article/3?from=menu#top');
    expect(article).toHaveBeenCalledOnce();
    await loadedBy(article);
    expect(loaded.article).toBe(1);
  });

  it('are loaded when a link to them is hovered or focused, never for another site', async () => {
    const news = watch('nouveautes');
    const { getByText } = render(<Links />);
    fireEvent.mouseOver(getByText('Ailleurs'));
    fireEvent.focusIn(getByText('Nouveautés'));
    // Once the table of the pages is in (the sections' routes, loaded on the first intent):
    // the link to another site asked for nothing.
    await waitFor(() => {
      expect(news).toHaveBeenCalledOnce();
    });
    await loadedBy(news);
    expect(loaded.news).toBe(1);
  });
});
