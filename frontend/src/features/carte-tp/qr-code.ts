import { encode } from 'uqr';

/** A QR code as an SVG draws it: its side, in modules, and the outline of its dark ones. */
export interface QrCode {
  size: number;
  /** SVG path data, in modules: one rectangle per run of dark modules in a row. */
  path: string;
}

/**
 * Encodes `text` as the card's code has always been drawn: error correction L, raised when
 * the code's size allows it, no margin (the card leaves room around it). The work that made
 * the card page's main thread stall on a phone: done in a worker (`qr-code.worker.ts`).
 */
export function encodeQrCode(text: string): QrCode {
  const { size, data } = encode(text, { ecc: 'L', boostEcc: true, border: 0 });
  const runs: string[] = [];
  data.forEach((row, y) => {
    let start: number | null = null;
    row.forEach((dark, x) => {
      if (dark && start === null) start = x;
      if (start !== null && (!dark || x === row.length - 1)) {
        const end = dark ? x + 1 : x;
        runs.push(`M${String(start)} ${String(y)}h${String(end - start)}v1H${String(start)}z`);
        start = null;
      }
    });
  });
  return { size, path: runs.join('') };
}
