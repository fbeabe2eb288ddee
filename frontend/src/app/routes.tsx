import type { RouteObject } from 'react-router';
import { LandingPage } from '@/features/auth/components/landing-page';
import { paths } from './paths';

export const routes: RouteObject[] = [
  { path: paths.root, Component: LandingPage },
  // The authenticated sections and the fallback page come later; until then every other
  // path shows the public entry page rather than a blank screen.
  { path: '*', Component: LandingPage },
];
