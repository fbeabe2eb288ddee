import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { returnToRootWhenSessionEnds } from '@/features/auth/return-to-root';
import { signInAgainWhenAsked } from '@/features/auth/sign-in-again';
import type { Brand } from '@/config/brand';
import { leaveEndedDelegations } from './leave-ended-delegation';
import { AppProvider } from './provider';
import { patchRoutesOnNavigation, routes } from './routes';
import { WhenRouterReady } from './when-router-ready';

const router = createBrowserRouter(routes, { patchRoutesOnNavigation });
returnToRootWhenSessionEnds(router);
signInAgainWhenAsked(router);
leaveEndedDelegations(router);

export function App({ brand }: { brand: Brand }) {
  return (
    <AppProvider brand={brand}>
      <WhenRouterReady router={router}>
        <RouterProvider router={router} />
      </WhenRouterReady>
    </AppProvider>
  );
}
