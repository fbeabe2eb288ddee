import { render } from '@testing-library/react';
// The RouterProvider of 'react-router' itself: under Node, 'react-router/dom' loads another
// copy of the router's contexts than the hooks the components import.
import { createMemoryRouter, RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/routes';
import { type Brand, defaultBrand } from '@/lib/brand';

/**
 * The whole app, with its real routes, at `path`. Each call gets its own SWR cache and no
 * request deduplication, so that tests never see each other's answers.
 */
export function renderApp(path: string, { brand = defaultBrand }: { brand?: Brand } = {}) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider brand={brand}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </AppProvider>,
  );
  return { router, ...view };
}
