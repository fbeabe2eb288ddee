import { Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { lazyRoute } from './lazy-pages';
import { MutuellePage } from './pages/mutuelle-page';

export { prefetchPage } from './lazy-pages';

/**
 * The sections' pages (docs/product/routes.md#member-routes), added under the member space's shell
 * (`routes.tsx`) with the first address in a section, or, from the home page, once it is on screen
 * (see `use-prefetch-on-intent.ts`): the table of every page, its pattern, its code and its first
 * requests, which the home page does not need to appear.
 */
export const sectionRoutes: RouteObject[] = [
  lazyRoute('article'),
  lazyRoute('mentionsLegales'),
  lazyRoute('cgu'),
  lazyRoute('nouveautes'),
  lazyRoute('compte'),
  lazyRoute('informationsPersonnelles'),
  lazyRoute('ajoutBeneficiaire'),
  lazyRoute('proches'),
  lazyRoute('agirPour'),
  { path: paths.mutuelle, Component: MutuellePage },
  lazyRoute('carteTp'),
  lazyRoute('garanties'),
  lazyRoute('paiement'),
  lazyRoute('resiliation'),
  lazyRoute('estimation'),
  lazyRoute('reseauSoins'),
  lazyRoute('anneeSante'),
  lazyRoute('remboursements'),
  lazyRoute('remboursementsDuJour'),
  lazyRoute('signalementSoin'),
  lazyRoute('demandes'),
  lazyRoute('creationDemande'),
  lazyRoute('demande'),
  // The "demandes" section is the same list as "Mes demandes"
  // (docs/product/routes.md#member-routes).
  { path: paths.demandes, element: <Navigate to={paths.demandesMutuelle} replace /> },
];
