import type { DataRouter } from 'react-router';
import { onHttpError } from '@/lib/api-client';

/**
 * The member API's refusals of a delegation that can no longer serve (withdrawn, or past its
 * last day): the server has then taken the session back from the member acted for.
 */
const delegationFinie = new Set(['delegation_retiree', 'delegation_terminee']);

/**
 * On such a refusal, the session is read again and shown as the server now has it, like any
 * change of space: nothing of the member acted for stays on screen; the refusal's message is
 * the announcer's to tell. Subscribed as the router is created, before its loaders start the
 * first page's requests, which may be the ones refused; what it does then comes with the data
 * layer, which the first script leaves out.
 */
export function leaveEndedDelegations(router: DataRouter): () => void {
  // A page's parts may be refused together: the session is read once for all of them.
  let leaving = false;
  return onHttpError(({ code }) => {
    if (leaving || !delegationFinie.has(code)) return;
    leaving = true;
    void import('./session-taken-back')
      .then(({ showSessionTakenBack }) => showSessionTakenBack((to) => router.navigate(to)))
      .catch(() => undefined)
      .finally(() => {
        leaving = false;
      });
  });
}
