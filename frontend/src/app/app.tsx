import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { preloadHome } from '@/features/home/api/get-home';
import type { Brand } from '@/lib/brand';
import { cookiesEnabled } from '@/lib/cookies';
import { paths } from './paths';
import { AppProvider } from './provider';
import { routes } from './routes';

// Members land on the home page when they sign in. Its data is asked for alongside the
// session check instead of after it: one round trip less before the dashboard paints. Without
// a session both answer 401, and the session check sends the visitor to the root as usual.
if (window.location.pathname === paths.home && cookiesEnabled()) preloadHome();

const router = createBrowserRouter(routes);

export function App({ brand }: { brand: Brand }) {
  return (
    <AppProvider brand={brand}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
