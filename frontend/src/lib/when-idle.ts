/**
 * Runs `task` once the browser is idle, so that work the page on screen does not need waits
 * until it has painted; Safari has no `requestIdleCallback`, a short delay stands in. Returns
 * what cancels it, for an effect's clean-up.
 */
export function whenIdle(task: () => void): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task);
    return () => {
      cancelIdleCallback(handle);
    };
  }
  const handle = setTimeout(task, 200);
  return () => {
    clearTimeout(handle);
  };
}
