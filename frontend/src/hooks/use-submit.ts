import { useId } from 'react';
import useSWRMutation from 'swr/mutation';
import { apiErrorMessage } from './api-error-message';

/** How a submission ended: the server's answer, or the error that kept it from coming. */
export type SubmitResult<Result> = { ok: true; data: Result } | { ok: false; error: unknown };

export interface Submission<Arg, Result> {
  /** Sends `arg`; never rejects, so that a form's handler needs no `try`. */
  submit: (arg: Arg) => Promise<SubmitResult<Result>>;
  /** A call is under way: the form's button is disabled meanwhile. */
  sending: boolean;
  /** A call has succeeded: what follows (a navigation) may take a moment, not a second send. */
  sent: boolean;
  /**
   * The last failure's message for the member (`apiErrorMessage`), hidden while the next
   * attempt is under way so that a repeated failure is announced again.
   */
  error: string | null;
}

/**
 * A form's write (POST, PUT) through one of the api files' functions, which already go
 * through the API client: its pending and error state, the same in every form.
 *
 * Keyed by the form rather than by the resource it changes: SWR revalidates a mutation's key
 * afterwards, and what a write changes in the cache is each form's own decision (the address
 * form writes the saved address into `infos` without a refetch, a new request is put at the
 * top of the list), not a refetch behind its back.
 */
export function useSubmit<Arg, Result>(send: (arg: Arg) => Promise<Result>): Submission<Arg, Result> {
  const key = `submit${useId()}`;
  const mutation = useSWRMutation<Result, unknown, string, Arg>(key, (_key: string, { arg }: { arg: Arg }) =>
    send(arg),
  );
  const trigger = mutation.trigger as (arg: Arg) => Promise<Result>;
  const sending = mutation.isMutating;
  return {
    submit: async (arg) => {
      try {
        return { ok: true, data: await trigger(arg) };
      } catch (error) {
        return { ok: false, error };
      }
    },
    sending,
    sent: mutation.data !== undefined,
    error: !sending && mutation.error !== undefined ? apiErrorMessage(mutation.error) : null,
  };
}
