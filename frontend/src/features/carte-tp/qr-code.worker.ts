import { encodeQrCode } from './qr-code';

/** Encodes the text it is sent as a QR code (`encodeQrCode`), off the page's main thread. */
addEventListener('message', (event: MessageEvent<string>) => {
  postMessage(encodeQrCode(event.data));
});
