import type { QrCode } from './qr-code';

/** After the frame the page is painting, where there is no worker to draw in. */
async function onMainThread(text: string): Promise<QrCode> {
  await new Promise((resolve) => setTimeout(resolve));
  const { encodeQrCode } = await import('./qr-code');
  return encodeQrCode(text);
}

/**
 * `text` encoded as a QR code, in a Web Worker: encoding competes with the page for the main
 * thread otherwise, long enough on a phone to hold the card page's first paint and the
 * member's first taps. The worker is a file of its own (`qr-code.worker.ts`, emitted as
 * `assets/qr-code.worker-<hash>.js`) because the Content-Security-Policy allows the portal's
 * own scripts only, no `blob:` URL. Where there are no workers (the component tests' jsdom),
 * or the worker cannot start, the same encoding runs on the main thread once the page is
 * painted.
 */
export function drawQrCode(text: string): Promise<QrCode> {
  if (typeof Worker === 'undefined') return onMainThread(text);
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./qr-code.worker.ts', import.meta.url), { type: 'module' });
    worker.addEventListener('message', (event: MessageEvent<QrCode>) => {
      worker.terminate();
      resolve(event.data);
    });
    worker.addEventListener('error', () => {
      worker.terminate();
      resolve(onMainThread(text));
    });
    worker.postMessage(text);
  });
}
