import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { t } from '@/i18n/t';
import { WhenRouterReady } from './when-router-ready';

/** A router whose only page waits for `ready` before its code is there. */
function routerWaitingFor(ready: Promise<void>) {
  return createMemoryRouter([
    {
      path: '/',
      lazy: async () => {
        await ready;
        return { Component: () => <h1>La page</h1> };
      },
    },
  ]);
}

describe('WhenRouterReady', () => {
  it('shows the loading screen until the first page is ready, then the page', async () => {
    let pageReady: (() => void) | undefined;
    const router = routerWaitingFor(
      new Promise<void>((resolve) => {
        pageReady = resolve;
      }),
    );
    render(
      <WhenRouterReady router={router}>
        <RouterProvider router={router} />
      </WhenRouterReady>,
    );
    expect(screen.getByText(t('app.loading'))).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'La page' })).not.toBeInTheDocument();

    pageReady?.();

    expect(await screen.findByRole('heading', { name: 'La page' })).toBeInTheDocument();
    expect(screen.queryByText(t('app.loading'))).not.toBeInTheDocument();
  });

  it('shows the page of a router that became ready before the screen subscribed', async () => {
    const router = routerWaitingFor(Promise.resolve());
    await new Promise<void>((resolve) => {
      const unsubscribe = router.subscribe((state) => {
        if (state.initialized) {
          unsubscribe();
          resolve();
        }
      });
    });
    render(
      <WhenRouterReady router={router}>
        <RouterProvider router={router} />
      </WhenRouterReady>,
    );
    expect(await screen.findByRole('heading', { name: 'La page' })).toBeInTheDocument();
  });
});
