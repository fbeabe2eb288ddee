import { describe, expect, it } from 'vitest';
import { inAppPath, isServerPath } from './links';

describe('isServerPath', () => {
  it.each([
    '/api/document/pdf/3',
    '/auth/login',
    '/_demo/idp',
    '/brand/logo',
    '/assets/a.js',
    '/livret.pdf',
  ])('is true for %s', (path) => {
    expect(isServerPath(path)).toBe(true);
  });

  it.each(['/home', '/home/article/3', '/mutuelle/remboursements/2024-03-15', '/apiculture'])(
    'is false for the app page %s',
    (path) => {
      expect(isServerPath(path)).toBe(false);
    },
  );
});

describe('inAppPath', () => {
  it('adds the leading slash editors may leave out', () => {
    expect(inAppPath('home/nouveautes/2')).toBe('/home/nouveautes/2');
    expect(inAppPath('/home/nouveautes/2')).toBe('/home/nouveautes/2');
  });
});
