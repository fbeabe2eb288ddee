import { describe, expect, it } from 'vitest';
import { blocGaucheKey } from './bloc-gauche-key';
import examples from './bloc-gauche-key.examples.json';

describe('blocGaucheKey', () => {
  it.each(examples)('maps "$path" to "$key"', ({ path, key }) => {
    expect(blocGaucheKey(path)).toBe(key);
  });
});
