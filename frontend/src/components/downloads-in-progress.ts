/**
 * Whether a file download is under way: the download modal ("Téléchargement du fichier",
 * docs/product/shell.md#download-modal) follows this count, which `downloadFile` keeps. Apart from
 * the downloading itself, which only the pages that download bring, so that the shell's modal costs
 * the first load nothing more.
 */

let inProgress = 0;
const listeners = new Set<() => void>();

function setInProgress(count: number): void {
  inProgress = count;
  for (const listener of listeners) listener();
}

/** Counts one more download; the function returned counts it finished. */
export function downloadStarted(): () => void {
  setInProgress(inProgress + 1);
  return () => {
    setInProgress(inProgress - 1);
  };
}

/** For `useSyncExternalStore`: the number of downloads under way. */
export function downloadsInProgress(): number {
  return inProgress;
}

export function subscribeToDownloads(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
