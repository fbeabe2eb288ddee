import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { fallbackReasons } from '@/config/paths';
import { PublicLayout } from '@/components/public-layout';
import { usePageTitle } from '@/hooks/use-page-title';
import fallbackTexts from '@/i18n/fr/fallback.json';
import { addMessages, t } from '@/i18n/t';
import { useBrand } from '@/hooks/brand-context';
import { cookiesEnabled } from '@/lib/cookies';

addMessages(fallbackTexts);

/**
 * `/fallback?reason=…` (docs/product/public-pages.md#fallback-page): the cookies variant when the
 * browser refuses cookies or the server says so (`reason=cookies-disabled`), "Page introuvable"
 * otherwise.
 */
export function FallbackPage() {
  const [searchParams] = useSearchParams();
  const [cookiesAllowed] = useState(cookiesEnabled);
  const brand = useBrand();
  const cookiesRefused =
    !cookiesAllowed || searchParams.get('reason') === fallbackReasons.cookiesDisabled;
  const title = cookiesRefused ? t('fallback.cookies.title') : t('fallback.notFound.title');
  usePageTitle(title);

  return (
    <PublicLayout>
      <h1 className="page-title">{title}</h1>
      <p>{cookiesRefused ? t('fallback.cookies.text') : t('fallback.notFound.text')}</p>
      <a className="button button-primary" href={brand.publicSiteUrl}>
        {t('fallback.backToSite', { brand: brand.name })}
      </a>
    </PublicLayout>
  );
}
