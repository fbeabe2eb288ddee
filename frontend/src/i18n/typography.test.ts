import { describe, expect, it } from 'vitest';

/** The catalogue's sections, by file name. */
const sections = Object.entries(
  import.meta.glob<Record<string, string>>('./fr/*.json', { import: 'default', eager: true }),
).map(([path, section]) => [path.slice('./fr/'.length), section] as const);

/** Quoted word for word from the product specification: left as written there. */
const asSpecified = new Set(['fallback.json']);

describe('the French catalogue', () => {
  const texts = sections
    .filter(([file]) => !asSpecified.has(file))
    .flatMap(([file, section]) => Object.entries(section).map(([key, text]) => [file, key, text] as const));

  it('writes the typographic apostrophe, never the straight one', () => {
    expect(texts.filter(([, , text]) => text.includes("'")).map(([file, key]) => `${file} ${key}`)).toEqual([]);
  });

  it('writes a count of characters from 1 000 up with its thousands apart', () => {
    expect(texts.filter(([, , text]) => /\d{4} caractères/.test(text)).map(([file, key]) => `${file} ${key}`)).toEqual([]);
  });
});
