import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { mutate, SWRConfig } from 'swr';
import { afterEach, describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api-client';
import { preloadPage } from '@/lib/preload-data';
import { aHome, errorBody } from '@/test/fixtures';
import { server } from '@/test/server';
import { homeRoute } from '../routes';
import { useHome } from './get-home';

// These tests use SWR's default cache, the one `preload` fills: emptied after each, and no
// deduplication, so that each test's hook asks for itself.
afterEach(async () => {
  await mutate(() => true, undefined, { revalidate: false });
});

function wrapper({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ dedupingInterval: 0 }}>{children}</SWRConfig>;
}

/** What the home page's route loader starts (`preload` of `routes.ts`). */
function preloadHome() {
  return preloadPage(homeRoute, {}, new URLSearchParams());
}

describe('the home page’s preload', () => {
  it('starts the request that the first useHome then takes, without asking twice', async () => {
    let calls = 0;
    server.use(
      http.get('/api/home', () => {
        calls += 1;
        return HttpResponse.json(aHome({ demandes: { data: [] } }));
      }),
    );

    void preloadHome();
    expect(calls).toBe(0);
    const { result } = renderHook(() => useHome(), { wrapper });

    await waitFor(() => {
      expect(result.current.data).toEqual(aHome({ demandes: { data: [] } }));
    });
    expect(calls).toBe(1);
  });

  it('leaves a failure to the hook that takes it, unreported until then', async () => {
    server.use(
      http.get('/api/home', () =>
        errorBody(401, 'unauthorized', 'Votre session a expiré. Veuillez vous reconnecter.'),
      ),
    );

    // Settles once the answer is in, failure included (Vitest would fail the run on an
    // unhandled rejection).
    await preloadHome();
    const { result } = renderHook(() => useHome(), { wrapper });

    await waitFor(() => {
      expect(isApiError(result.current.error, 401)).toBe(true);
    });
  });
});
