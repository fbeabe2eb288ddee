import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepAliveIntervalMs, useMemberActivity } from './use-member-activity';

const thirtyMinutes = 1_800_000;
const minute = 60_000;

function renderActivity() {
  const onIdle = vi.fn();
  const onKeepAlive = vi.fn();
  renderHook(() => {
    useMemberActivity({ idleTimeoutMs: thirtyMinutes, onIdle, onKeepAlive });
  });
  return { onIdle, onKeepAlive };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the inactivity time-out', () => {
  it('signs out after 30 minutes without activity', () => {
    const { onIdle } = renderActivity();

    vi.advanceTimersByTime(thirtyMinutes - 1);
    expect(onIdle).not.toHaveBeenCalled();

    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['a mouse movement', () => fireEvent.mouseMove(document.body)],
    ['a key press', () => fireEvent.keyDown(document.body, { key: 'Tab' })],
    ['a touch', () => fireEvent.touchStart(document.body)],
  ])('starts again from zero after %s', (_, act) => {
    const { onIdle } = renderActivity();

    vi.advanceTimersByTime(20 * minute);
    act();
    vi.advanceTimersByTime(20 * minute);
    expect(onIdle).not.toHaveBeenCalled();

    vi.advanceTimersByTime(10 * minute);
    expect(onIdle).toHaveBeenCalledTimes(1);
  });

  it('stops when the signed-in pages are left', () => {
    const onIdle = vi.fn();
    const { unmount } = renderHook(() => {
      useMemberActivity({ idleTimeoutMs: thirtyMinutes, onIdle, onKeepAlive: vi.fn() });
    });

    unmount();
    vi.advanceTimersByTime(thirtyMinutes);

    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('the keep-alive', () => {
  it('is not sent while the member is inactive', () => {
    const { onKeepAlive } = renderActivity();

    vi.advanceTimersByTime(29 * minute);

    expect(onKeepAlive).not.toHaveBeenCalled();
  });

  it('is sent on activity at most once per interval', () => {
    const { onKeepAlive } = renderActivity();

    vi.advanceTimersByTime(keepAliveIntervalMs);
    fireEvent.mouseMove(document.body);
    fireEvent.mouseMove(document.body);
    vi.advanceTimersByTime(minute);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(onKeepAlive).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(keepAliveIntervalMs);
    fireEvent.touchStart(document.body);
    expect(onKeepAlive).toHaveBeenCalledTimes(2);
  });
});
