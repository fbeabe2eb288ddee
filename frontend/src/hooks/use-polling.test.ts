import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePolling } from './use-polling';

const polling = { intervalMs: 1500, max: 20 };

/** Readings the test answers by hand, one at a time. */
function readings() {
  const pending: (() => void)[] = [];
  const read = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        pending.push(resolve);
      }),
  );
  /** Answers the reading under way. */
  const answer = () =>
    act(async () => {
      pending.shift()?.();
      await Promise.resolve();
    });
  return { read, answer };
}

/** Moves the clock on by `ms`, the effects it sets off included. */
function after(ms: number) {
  return act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('usePolling', () => {
  it('reads again 1.5 s after the last reading has settled, never over one still under way', async () => {
    const { read, answer } = readings();
    renderHook(() => usePolling(true, read, polling));

    await after(1499);
    expect(read).not.toHaveBeenCalled();
    await after(1);
    expect(read).toHaveBeenCalledTimes(1);

    // A slow answer: nothing more is asked while it is awaited.
    await after(10_000);
    expect(read).toHaveBeenCalledTimes(1);

    await answer();
    await after(1499);
    expect(read).toHaveBeenCalledTimes(1);
    await after(1);
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('stops as soon as it no longer waits', async () => {
    const { read, answer } = readings();
    const { rerender, result } = renderHook(({ waiting }) => usePolling(waiting, read, polling), {
      initialProps: { waiting: true },
    });
    await after(1500);
    expect(read).toHaveBeenCalledTimes(1);

    // The answer that ends the wait.
    rerender({ waiting: false });
    await answer();
    await after(60_000);

    expect(read).toHaveBeenCalledTimes(1);
    expect(result.current).toBe(false);
  });

  it('reads again 20 times at most, then says that it has', async () => {
    const { read, answer } = readings();
    const { result } = renderHook(() => usePolling(true, read, polling));

    for (let made = 1; made <= 20; made += 1) {
      expect(result.current).toBe(false);
      await after(1500);
      expect(read).toHaveBeenCalledTimes(made);
      await answer();
    }
    expect(result.current).toBe(true);

    await after(60_000);
    expect(read).toHaveBeenCalledTimes(20);
  });

  it('counts a reading that failed, and reads again after it', async () => {
    const read = vi.fn(() => Promise.reject(new Error('502')));
    renderHook(() => usePolling(true, read, { intervalMs: 1500, max: 2 }));
    await after(1500);
    await after(1500);
    await after(1500);
    expect(read).toHaveBeenCalledTimes(2);
  });
});
