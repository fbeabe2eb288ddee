import { useEffect } from 'react';
import { t } from '@/i18n/t';

/**
 * Names the page in the browser tab and for screen readers (WCAG 2.4.2). Set from an effect
 * rather than a rendered <title>: index.html already has one, and the first <title> wins.
 */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    document.title = page ? t('app.pageTitle', { page }) : t('app.name');
  }, [page]);
}
