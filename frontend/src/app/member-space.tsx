import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useSession } from '@/api/get-session';
import type { SavedCard } from '@/entities/carte-tp/saved-card';
import { SessionGuard } from '@/features/auth/components/session-guard';
import { SessionLoading } from '@/features/auth/components/session-loading';
import { t } from '@/i18n/t';
import { isApiError } from '@/lib/api-client';
import { useBrand } from '@/hooks/brand-context';
import { paths } from '@/config/paths';
import { whenIdle } from '@/lib/when-idle';

/** Loaded on an offline start only: the card's drawing and code stay out of the first script. */
const CarteTpHorsConnexionPage = lazy(() =>
  import('@/features/carte-tp/components/carte-tp-hors-connexion-page').then((module) => ({
    default: module.CarteTpHorsConnexionPage,
  })),
);

/**
 * The server could not be reached at all: the session check's `fetch` itself failed (no
 * network, no route to the server), which the API client reports as status 0. Not a 401 (the
 * session has ended: the API client sends the member to the root and erases the card) nor a
 * 5xx (the server answered: the usual failure screen and its retry). `navigator.onLine` is
 * not asked: it says `true` behind a captive portal or a dead mobile link, where the fetch
 * fails all the same.
 */
function isUnreachable(error: unknown): boolean {
  return isApiError(error, 0);
}

type KeptCard = { status: 'reading' } | { status: 'none' } | { status: 'found'; saved: SavedCard };

/**
 * The card kept on the device (IndexedDB, through idb-keyval): its code loads once the session
 * has started and the browser is idle, or when the session turns out to be out of reach: never
 * within the first render.
 */
function savedCard() {
  return import('@/entities/carte-tp/saved-card');
}

/**
 * The card kept on the device, read once the server has turned out to be unreachable: erased
 * instead if no sign-in on this device is less than `keptCardDays` old.
 */
function useCardKeptOffline(unreachable: boolean, keptCardDays: number): KeptCard {
  const [kept, setKept] = useState<KeptCard>({ status: 'reading' });
  useEffect(() => {
    if (!unreachable) return;
    let mounted = true;
    void savedCard().then(async ({ readSavedCard }) => {
      const saved = await readSavedCard(keptCardDays);
      if (mounted) setKept(saved ? { status: 'found', saved } : { status: 'none' });
    });
    return () => {
      mounted = false;
    };
  }, [unreachable, keptCardDays]);
  return kept;
}

/**
 * The signed-in member's space: the session guard, and what happens around the session's
 * start that concerns the card kept for offline use (`entities/carte-tp/saved-card.ts`):
 * - when the server confirms the session, the sign-in is recorded on the device (the kept card
 *   stays readable offline for the brand's `keptCardDays` after it), and another member's card
 *   is erased;
 * - when the app starts without a network and a card is kept, `/mutuelle/smart-carte` shows it
 *   on its own page (no shell: menus, other sections and downloads need the server), and any
 *   other address shows the usual failure with a link to it. Without a kept card, the usual
 *   failure screen, as before.
 */
export function MemberSpace() {
  const { data, error, mutate } = useSession();
  const owner = data?.User.numeroPersonne;
  const unreachable = data === undefined && isUnreachable(error);
  const { keptCardDays } = useBrand();
  const kept = useCardKeptOffline(unreachable, keptCardDays);
  const { pathname } = useLocation();

  useEffect(() => {
    if (owner === undefined) return;
    return whenIdle(() => void savedCard().then(({ recordSignIn }) => recordSignIn(owner)));
  }, [owner]);

  if (!unreachable || kept.status === 'none') return <SessionGuard />;
  if (kept.status === 'reading') return <SessionLoading />;
  if (pathname.replace(/\/+$/, '') !== paths.smartCarte) {
    return (
      <SessionGuard
        failureAside={
          <p>
            <Link className="button button-secondary" to={paths.smartCarte}>
              {t('carteTp.horsConnexion.lien')}
            </Link>
          </p>
        }
      />
    );
  }
  return (
    <Suspense fallback={<SessionLoading />}>
      <CarteTpHorsConnexionPage saved={kept.saved} onRetry={() => void mutate()} />
    </Suspense>
  );
}
