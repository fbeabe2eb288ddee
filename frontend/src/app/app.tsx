import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { returnToRootWhenSessionEnds } from '@/features/auth/return-to-root';
import type { Brand } from '@/lib/brand';
import { AppProvider } from './provider';
import { routes } from './routes';

const router = createBrowserRouter(routes);
returnToRootWhenSessionEnds(router);

export function App({ brand }: { brand: Brand }) {
  return (
    <AppProvider brand={brand}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
