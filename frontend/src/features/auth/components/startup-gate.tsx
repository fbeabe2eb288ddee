import { useState } from 'react';
import { Navigate, Outlet } from 'react-router';
import { fallbackCookiesDisabled } from '@/config/paths';
import { cookiesEnabled } from '@/lib/cookies';

/**
 * Wraps every route that may talk to the server (all but the fallback and error pages). Start-up,
 * step 1 (docs/product/states.md#start-up): without cookies the server cannot keep a session, so
 * the member goes to the fallback page and nothing else starts (no session check, no content; the
 * route loaders check cookies too).
 */
export function StartupGate() {
  // Checked once per page load, like the start-up it guards.
  const [cookiesAllowed] = useState(cookiesEnabled);
  if (!cookiesAllowed) return <Navigate to={fallbackCookiesDisabled} replace />;
  return <Outlet />;
}
