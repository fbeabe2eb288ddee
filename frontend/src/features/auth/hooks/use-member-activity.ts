import { useEffect, useRef } from 'react';

/**
 * What counts as the member being active (docs/product/states.md#inactivity): mouse movement,
 * and keyboard and touch too, or a keyboard or phone user would be signed out while busy.
 */
export const activityEvents = ['mousemove', 'mousedown', 'wheel', 'keydown', 'touchstart'] as const;

/**
 * The server's idle timer is reset by any API call; while the member is active, one light
 * call this often keeps it from expiring under someone reading a long page. Far below the
 * 30-minute time-out, far above the rate of mouse events.
 */
export const keepAliveIntervalMs = 5 * 60 * 1000;

interface MemberActivityOptions {
  idleTimeoutMs: number;
  /** After `idleTimeoutMs` without activity. */
  onIdle: () => void;
  /** On activity, at most once per `keepAliveIntervalMs`. */
  onKeepAlive: () => void;
}

export function useMemberActivity({ idleTimeoutMs, onIdle, onKeepAlive }: MemberActivityOptions) {
  // The latest callbacks, without restarting the timers each time the caller re-renders.
  const callbacks = useRef({ onIdle, onKeepAlive });
  useEffect(() => {
    callbacks.current = { onIdle, onKeepAlive };
  });

  useEffect(() => {
    let lastActivity = Date.now();
    let lastKeepAlive = lastActivity;
    let timer: ReturnType<typeof setTimeout>;

    // One timer, re-armed when it fires early, rather than clearing and setting a timer on
    // every one of the hundreds of mouse events a second of movement produces.
    const arm = (delay: number) => {
      timer = setTimeout(() => {
        const idleFor = Date.now() - lastActivity;
        if (idleFor >= idleTimeoutMs) callbacks.current.onIdle();
        else arm(idleTimeoutMs - idleFor);
      }, delay);
    };

    const onActivity = () => {
      lastActivity = Date.now();
      if (lastActivity - lastKeepAlive >= keepAliveIntervalMs) {
        lastKeepAlive = lastActivity;
        callbacks.current.onKeepAlive();
      }
    };

    arm(idleTimeoutMs);
    for (const type of activityEvents) {
      window.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    return () => {
      clearTimeout(timer);
      for (const type of activityEvents) {
        window.removeEventListener(type, onActivity, { capture: true });
      }
    };
  }, [idleTimeoutMs]);
}
