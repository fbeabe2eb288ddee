import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { type SubmitResult, useSubmit } from './use-submit';

/** A call the test settles by hand. */
function pendingCall<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is sending while the call is under way, then resolves with the answer', async () => {
    const call = pendingCall<{ id: number }>();
    const sent: string[] = [];
    const { result } = renderHook(() =>
      useSubmit((body: string) => {
        sent.push(body);
        return call.promise;
      }),
    );
    expect(result.current.sending).toBe(false);

    let submission: Promise<SubmitResult<{ id: number }>> = Promise.resolve({ ok: false, error: null });
    act(() => {
      submission = result.current.submit('corps');
    });
    await waitFor(() => {
      expect(result.current.sending).toBe(true);
    });
    await act(async () => {
      call.resolve({ id: 57 });
      await submission;
    });

    expect(await submission).toEqual({ ok: true, data: { id: 57 } });
    expect(sent).toEqual(['corps']);
    await waitFor(() => {
      expect(result.current.sending).toBe(false);
    });
    expect(result.current.sent).toBe(true);
    expect(result.current.error).toBeNull();
  });

  it('resolves with the error, never rejects, and keeps the server’s message for the member', async () => {
    const refusal = new ApiError(400, 'bad_request', 'La date de l’événement est trop ancienne.', '/api/x');
    const { result } = renderHook(() => useSubmit(() => Promise.reject(refusal)));

    let outcome: SubmitResult<unknown> | undefined;
    await act(async () => {
      outcome = await result.current.submit(undefined);
    });

    expect(outcome).toEqual({ ok: false, error: refusal });
    await waitFor(() => {
      expect(result.current.error).toBe('La date de l’événement est trop ancienne.');
    });
    expect(result.current.sent).toBe(false);
  });

  it('shows the generic sentence for a failure without a message', async () => {
    const { result } = renderHook(() => useSubmit(() => Promise.reject(new TypeError('boom'))));

    await act(async () => {
      await result.current.submit(undefined);
    });

    await waitFor(() => {
      expect(result.current.error).toBe('Une erreur est survenue. Veuillez réessayer.');
    });
  });

  it('hides the last failure while the next attempt is under way, so that it is told again', async () => {
    const calls = [pendingCall<string>(), pendingCall<string>()];
    let index = 0;
    const { result } = renderHook(() =>
      useSubmit(() => {
        const call = calls[index++];
        if (!call) throw new Error('one call too many');
        return call.promise;
      }),
    );
    const unavailable = new ApiError(502, 'bad_gateway', 'Le service est momentanément indisponible.', '/api/x');

    await act(async () => {
      const first = result.current.submit(undefined);
      calls[0]?.reject(unavailable);
      await first;
    });
    await waitFor(() => {
      expect(result.current.error).toBe('Le service est momentanément indisponible.');
    });

    let second: Promise<SubmitResult<string>> = Promise.resolve({ ok: false, error: null });
    act(() => {
      second = result.current.submit(undefined);
    });
    await waitFor(() => {
      expect(result.current.error).toBeNull();
    });
    await act(async () => {
      calls[1]?.resolve('enregistré');
      await second;
    });
    expect(await second).toEqual({ ok: true, data: 'enregistré' });
  });
});
