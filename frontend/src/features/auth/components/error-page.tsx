import { Link, useSearchParams } from 'react-router';
import { paths, serverPaths } from '@/config/paths';
import { PublicLayout } from '@/components/public-layout';
import { usePageTitle } from '@/hooks/use-page-title';
import errorTexts from '@/i18n/fr/error.json';
import { addMessages, type MessageKey, t } from '@/i18n/t';

addMessages(errorTexts);

/** The sign-in failures (docs/product/states.md#sign-in-failures), as the server reports them. */
const reasonTexts = {
  'keycloak-server-unreachable': 'error.reason.keycloak-server-unreachable',
  'keycloak-authentication-failed': 'error.reason.keycloak-authentication-failed',
  'keycloak-server-error': 'error.reason.keycloak-server-error',
  'keycloak-init-failed': 'error.reason.keycloak-init-failed',
} as const satisfies Record<string, MessageKey>;

function reasonText(reason: string | null): MessageKey {
  return reason !== null && Object.hasOwn(reasonTexts, reason)
    ? reasonTexts[reason as keyof typeof reasonTexts]
    : reasonTexts['keycloak-init-failed'];
}

/**
 * `/error?reason=…&status=…&message=…`: sign-in could not start. The text comes from our
 * catalogue for the reason. The `message` parameter is deliberately not shown at all, not even
 * as text: anyone can craft this address, and a page of the insurer's domain must not display
 * words chosen by a stranger ("call this number…"). The server logs the real cause.
 */
export function ErrorPage() {
  const [searchParams] = useSearchParams();
  const status = searchParams.get('status');
  usePageTitle(t('error.title'));

  return (
    <PublicLayout>
      <h1 className="page-title">{t('error.title')}</h1>
      <p>{t(reasonText(searchParams.get('reason')))}</p>
      {status !== null && /^\d{1,3}$/.test(status) && (
        <p className="text-muted">{t('error.status', { status })}</p>
      )}
      <div className="actions">
        <a className="button button-primary" href={serverPaths.login(paths.home)}>
          {t('error.retry')}
        </a>
        <Link className="button button-secondary" to={paths.root}>
          {t('error.backToRoot')}
        </Link>
      </div>
    </PublicLayout>
  );
}
