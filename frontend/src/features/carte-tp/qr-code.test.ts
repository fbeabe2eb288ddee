import { describe, expect, it } from 'vitest';
import { carteTpCode } from './carte-tp-code';
import { drawQrCode } from './draw-qr-code';
import { encodeQrCode } from './qr-code';
import { aCarteTp } from '@/test/fixtures';

/** The dark modules of `code`, as a set of "x,y", read back from its path. */
function darkModules({ path }: { path: string }): Set<string> {
  const dark = new Set<string>();
  for (const [, x, y, width] of path.matchAll(/M(\d+) (\d+)h(\d+)v1H\d+z/g)) {
    for (let dx = 0; dx < Number(width); dx += 1) dark.add(`${String(Number(x) + dx)},${String(y)}`);
  }
  return dark;
}

describe('the card’s 2D code', () => {
  const text = carteTpCode(aCarteTp());

  it('is a QR code with its three finder patterns in the corners, without a margin', () => {
    const code = encodeQrCode(text);
    const dark = darkModules(code);
    const last = code.size - 7;
    for (const [left, top] of [[0, 0], [last, 0], [0, last]] as const) {
      // A finder pattern: a dark 7×7 ring, a light ring, a dark 3×3 centre.
      for (let i = 0; i < 7; i += 1) {
        expect(dark.has(`${String(left + i)},${String(top)}`)).toBe(true);
        expect(dark.has(`${String(left)},${String(top + i)}`)).toBe(true);
      }
      expect(dark.has(`${String(left + 1)},${String(top + 1)}`)).toBe(false);
      expect(dark.has(`${String(left + 3)},${String(top + 3)}`)).toBe(true);
    }
    // The smallest version that holds the card's fields at level L: 33 modules a side.
    expect(code.size).toBe(33);
  });

  it('is drawn on the main thread, as in a worker, where there are no workers', async () => {
    expect(typeof Worker).toBe('undefined');
    expect(await drawQrCode(text)).toEqual(encodeQrCode(text));
  });
});
