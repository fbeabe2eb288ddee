import { getSession } from '@/api/get-session';
import { enterSpace } from '@/hooks/use-switch-space';

/** The session as the server has it now that it stopped acting for a member, on screen. */
export async function showSessionTakenBack(navigate: (to: string) => Promise<void>): Promise<void> {
  await enterSpace(await getSession(), navigate);
}
