import { type ReactNode, useDeferredValue } from 'react';
import { Outlet } from 'react-router';
import { PublicLayout } from '@/components/public-layout';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { useSession } from '@/api/get-session';
import { SessionContext } from '@/hooks/session-context';
import { SessionLoading } from './session-loading';

interface SessionGuardProps {
  /** Shown under the failure's retry button (app/ adds a way to the card kept offline). */
  failureAside?: ReactNode;
}

/**
 * The session guard (docs/product/routes.md#the-session-guard): the sections behind it open only
 * with a live session. Until the server has answered, a spinner; a 401 is handled by the API client
 * (back to the root); any other failure offers to try again rather than a blank page.
 */
export function SessionGuard({ failureAside }: SessionGuardProps = {}) {
  const { data: arrived, error, mutate } = useSession();
  // The session's arrival mounts the shell and the page in one render, the longest task of a
  // page load on a phone. Rendered as deferred work, React splits it into slices and lets the
  // browser paint and handle input between them; the spinner stays up in the meantime.
  // Also when the session is already known at mount (the route's loader put it in the cache):
  // the first render shows the spinner, the deferred one the space.
  const data = useDeferredValue(arrived, undefined);

  if (data) {
    return (
      <SessionContext value={data}>
        {/* Keyed by the member shown: acting for another one (or back) starts the space afresh,
            nothing the previous member's pages held in their state carried over. */}
        <Outlet key={data.User.numeroPersonne} />
      </SessionContext>
    );
  }

  if (error && !isApiError(error, 401)) {
    return (
      <PublicLayout>
        <h1 className="page-title">{t('auth.session.failedTitle')}</h1>
        <p role="alert">{t('auth.session.failedText')}</p>
        <button type="button" className="button button-primary" onClick={() => void mutate()}>
          {t('auth.session.retry')}
        </button>
        {failureAside}
      </PublicLayout>
    );
  }

  return <SessionLoading />;
}
