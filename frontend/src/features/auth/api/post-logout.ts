import { serverPaths } from '@/config/paths';
import { apiPost } from '@/lib/api-client';

/** `POST /auth/logout`: the server ends the session and names the provider's sign-out page. */
export interface LogoutAnswer {
  redirectTo: string;
}

export function postLogout(): Promise<LogoutAnswer> {
  return apiPost<LogoutAnswer>(serverPaths.logout);
}
