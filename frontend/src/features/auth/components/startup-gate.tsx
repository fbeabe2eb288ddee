import { useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { fallbackCookiesDisabled, paths } from '@/app/paths';
import { onSessionEnded } from '@/lib/api-client';
import { cookiesEnabled } from '@/lib/cookies';
import { returnToState } from '../return-to';

/**
 * Wraps every route that may talk to the server (all but the fallback and error pages).
 *
 * - SPEC.md §4 start-up step 1: without cookies the server cannot keep a session, so the
 *   member goes to the fallback page and nothing else starts (no session check, no content).
 * - A 401 anywhere means the server-side session has ended: the API client reports it here,
 *   once, and the member goes back to the root, which will offer to sign in again to the page
 *   they were on.
 */
export function StartupGate() {
  // Checked once per page load, like the start-up it guards.
  const [cookiesAllowed] = useState(cookiesEnabled);
  const navigate = useNavigate();
  const location = useLocation();
  const currentLocation = useRef(location);
  useEffect(() => {
    currentLocation.current = location;
  });

  useEffect(
    () =>
      onSessionEnded(() => {
        const { pathname, search, hash } = currentLocation.current;
        if (pathname === paths.root) return;
        void navigate(paths.root, {
          replace: true,
          state: returnToState(pathname + search + hash),
        });
      }),
    [navigate],
  );

  if (!cookiesAllowed) return <Navigate to={fallbackCookiesDisabled} replace />;
  return <Outlet />;
}
