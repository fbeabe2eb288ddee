import { render, waitFor } from '@testing-library/react';
// The RouterProvider of 'react-router' itself: under Node, 'react-router/dom' loads another
// copy of the router's contexts than the hooks the components import.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { expect, onTestFinished, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { leaveEndedDelegations } from '@/app/leave-ended-delegation';
import { dataWaitMs } from '@/app/route-data';
import { patchRoutesOnNavigation, routes } from '@/app/routes';
import { WhenRouterReady } from '@/app/when-router-ready';
import { returnToRootWhenSessionEnds } from '@/features/auth/return-to-root';
import { signInAgainWhenAsked } from '@/features/auth/sign-in-again';
import { t } from '@/i18n/t';
import { type Brand, defaultBrand } from '@/config/brand';
import { server } from './server';

/**
 * The whole app, with its real routes, at `path`, and no request deduplication. SWR's cache is
 * the app's own, the one route loaders fill, emptied after each test (see setup.ts).
 */
export function renderApp(path: string, { brand = defaultBrand }: { brand?: Brand } = {}) {
  return renderRouter(appRouter(path), brand);
}

/**
 * `renderApp` once the first page's code has loaded (a lazily loaded section): the first
 * render then happens inside Testing Library's `act`, as a page load in a browser would, and
 * not in the router's later update, whose effects the test environment only runs when
 * something waits for them.
 */
export async function renderAppLoaded(path: string, { brand = defaultBrand }: { brand?: Brand } = {}) {
  const router = appRouter(path);
  await new Promise<void>((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
  return renderRouter(router, brand);
}

/**
 * `renderApp` at a page whose first answer, the one asked of `heldPath`, never comes: the page
 * shows its placeholders once its loader has waited `dataWaitMs` for it. That wait passes on a
 * fake clock (`setTimeout` only, as in route-data.test.tsx) as soon as the request has left,
 * rather than in real time.
 */
export async function renderAppPastDataWait(
  path: string,
  heldPath: string,
  { brand = defaultBrand }: { brand?: Brand } = {},
) {
  const asked = askedFor(heldPath);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const view = renderApp(path, { brand });
    // Asked for: the loader has started, and with it the wait it races the answer against.
    await asked;
    await vi.advanceTimersByTimeAsync(dataWaitMs);
    return view;
  } finally {
    vi.useRealTimers();
  }
}

/** Resolves once `path` has been asked for. */
function askedFor(path: string): Promise<void> {
  return new Promise<void>((resolve) => {
    const listener = ({ request }: { request: Request }) => {
      if (new URL(request.url).pathname !== path) return;
      server.events.removeListener('request:start', listener);
      resolve();
    };
    server.events.on('request:start', listener);
  });
}

/**
 * `router.navigate(path)`, to a page whose answer asked of `heldPath` never comes: as
 * `renderAppPastDataWait`, the page shows what it has once its loader has waited `dataWaitMs`, on
 * a fake clock.
 */
export async function navigatePastDataWait(
  router: ReturnType<typeof createMemoryRouter>,
  path: string,
  heldPath: string,
) {
  const asked = askedFor(heldPath);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const arrived = router.navigate(path);
    await asked;
    await vi.advanceTimersByTimeAsync(dataWaitMs);
    await arrived;
  } finally {
    vi.useRealTimers();
  }
}

/**
 * The app's routes at `path`, with the app's answers to a session that ended, to a request
 * to sign in again and to a delegation that ended. The router goes with its test: a navigation still under way (a page's
 * code, its loader's wait for the answers) is aborted rather than finishing in the next test,
 * or, in the worker the files share, the next file; so is its listener on the window.
 */
function appRouter(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path], patchRoutesOnNavigation });
  onTestFinished(returnToRootWhenSessionEnds(router));
  onTestFinished(signInAgainWhenAsked(router));
  onTestFinished(leaveEndedDelegations(router));
  onTestFinished(() => {
    router.dispose();
  });
  return router;
}

function renderRouter(router: ReturnType<typeof createMemoryRouter>, brand: Brand) {
  const view = render(
    <AppProvider brand={brand}>
      <SWRConfig value={{ dedupingInterval: 0 }}>
        <WhenRouterReady router={router}>
          <RouterProvider router={router} />
        </WhenRouterReady>
      </SWRConfig>
    </AppProvider>,
  );
  return { router, ...view };
}

/**
 * Waits until the page titled `page` has run its effects, its tab title being set by one. The
 * session's arrival renders the shell and the page as deferred work, whose effects run after
 * the paint: a test that acts on a listener (activity, broadcasts) waits for them first.
 */
export async function pageReady(page: string) {
  await waitFor(() => {
    expect(document.title).toBe(t('app.pageTitle', { page }));
  });
}
