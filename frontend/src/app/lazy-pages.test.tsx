import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

describe('lazily loaded pages', () => {

  it('are not loaded for paths that are not theirs', async () => {
    prefetchPage('/home');
    prefetchPage('/mutuelle/remboursements');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded.article).toBe(0);
  });

  it('are loaded by prefetchPage for their path, query and fragment aside', async () => {
    prefetchPage('/home/article/3?from=menu#top');
    await waitFor(() => {
      expect(loaded.article).toBe(1);
    });
  });

  it('are loaded when a link to them is hovered or focused, never for another site', async () => {
    const { getByText } = render(<Links />);
    fireEvent.mouseOver(getByText('Ailleurs'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loaded.news).toBe(0);
    fireEvent.focusIn(getByText('Nouveautés'));
    await waitFor(() => {
      expect(loaded.news).toBe(1);
    });
  });
});
