import { describe, expect, it } from 'vitest';
import { aCarteTp } from '@/test/fixtures';
import { carteTpCode } from './carte-tp-code';

describe("the card's 2D code", () => {
  it('carries the standard fields, one per line', () => {
    expect(carteTpCode(aCarteTp())).toBe(
      'AMC:75500017\nCONV:SP\nAIG:IS\nADH:100001\nVAL:20260101-20261231',
    );
  });
});
