import { type AltchaChallenge, findNumber } from './altcha';

/**
 * Finds the number of the challenge it is sent, off the main thread: the page stays
 * responsive while up to `maxnumber` digests are computed. Answers `{ number }`, or
 * `{ number: null }` when none solves it; it is terminated when no longer needed.
 */
addEventListener('message', (event: MessageEvent<AltchaChallenge>) => {
  findNumber(event.data).then(
    (number) => {
      postMessage({ number });
    },
    () => {
      postMessage({ number: null });
    },
  );
});
