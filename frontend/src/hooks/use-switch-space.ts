import { useNavigate } from 'react-router';
import { mutate, unload } from 'swr';
import { deleteAgirPour } from '@/api/delete-agir-pour';
import { type Session, sessionKey } from '@/api/get-session';
import { putAgirPour } from '@/api/put-agir-pour';
import { paths } from '@/config/paths';
import { type Submission, useSubmit } from './use-submit';

/**
 * Shows the space of `session`, which the server has just switched to another member (acting
 * for someone, or back to one's own space), from its home page. Everything the app holds was
 * about the member on screen until then, so none of it is kept: the request being written and
 * the forms kept for a sign-in (session storage), and SWR's whole cache, unloaded as the tests
 * start each page afresh (`test/setup.ts`): answers, requests still on their way and answers
 * preloaded for a page, none of which may land afterwards, and nothing asked again for the page
 * being left. The session, in the same stroke, is the one the server answered, the body
 * `GET /api/session` now gives; the space under the session guard, keyed by the member it
 * shows, starts afresh and asks for its own answers.
 */
export async function enterSpace(session: Session, navigate: (to: string) => Promise<void> | void): Promise<void> {
  sessionStorage.clear();
  unload({ revalidate: false });
  await mutate(sessionKey, session, { revalidate: false });
  await navigate(paths.home);
}

/**
 * « Agir pour … » the member numbered `numero` (one of the procurations), or back to one's own
 * space with `null`; then that space is shown (`enterSpace`). A refusal is the submission's
 * error, in the server's words.
 */
export function useSwitchSpace(): Submission<string | null, Session> {
  const navigate = useNavigate();
  return useSubmit(async (numero: string | null) => {
    const session = await (numero === null ? deleteAgirPour() : putAgirPour(numero));
    await enterSpace(session, navigate);
    return session;
  });
}
