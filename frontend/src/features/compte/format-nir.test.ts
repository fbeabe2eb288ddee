import { describe, expect, it } from 'vitest';
import { formatNir } from './format-nir';

describe('formatNir', () => {
  it('groups the number as on the carte Vitale', () => {
    expect(formatNir('284037511104260')).toBe('2 84 03 75 111 042 60');
    expect(formatNir('2 84 03 75 111 042 60')).toBe('2 84 03 75 111 042 60');
    expect(formatNir('1 85 05 2A 004 123 45')).toBe('1 85 05 2A 004 123 45');
    expect(formatNir('2840375111042')).toBe('2 84 03 75 111 042');
  });

  it('leaves anything else as it came', () => {
    expect(formatNir('inconnu')).toBe('inconnu');
  });
});
