import { describe, expect, it } from 'vitest';
import { appChunks, sharedPartLimit } from '../../build/app-chunks.ts';

/** A small app: its first script, a public page, the member space and a part it loads later, three sections' pages. */
const imports: Record<string, string[]> = {
  '/src/main.tsx': ['/node_modules/react/index.js', '/src/i18n/t.ts'],
  '/src/accessibilite-page.tsx': ['/src/lib/format-date.ts'],
  '/src/app/session-taken-back.ts': ['/node_modules/swr/index.mjs'],
  '/src/app/member-routes.tsx': ['/node_modules/swr/index.mjs', '/src/lib/format-date.ts', '/src/app/shell.tsx'],
  '/src/app/delegation-banner.tsx': ['/src/format-name.ts'],
  '/src/app/section-routes.tsx': ['/src/lib/page-route.ts'],
  '/src/remboursements-page.tsx': ['/src/format-name.ts', '/src/paginate.ts', '/src/large-part.tsx', '/src/schemas.ts', '/src/csv.ts'],
  '/src/demandes-page.tsx': ['/src/format-name.ts', '/src/paginate.ts', '/src/large-part.tsx', '/src/schemas.ts', '/src/csv.ts', '/src/qr.ts'],
  '/src/carte-page.tsx': ['/src/csv.ts'],
  '/src/carte-step.tsx': ['/src/qr.ts'],
  '/src/schemas.ts': ['/node_modules/zod/index.js'],
  '/src/csv.ts': ['/src/csv-cell.ts'],
  '/src/csv-cell.ts': ['/src/large-part.tsx'],
};
const dynamicImports: Record<string, string[]> = {
  '/src/main.tsx': [
    '/src/app/member-routes.tsx',
    '/src/app/section-routes.tsx',
    '/src/accessibilite-page.tsx',
    '/src/app/session-taken-back.ts',
  ],
  '/src/app/member-routes.tsx': ['/src/app/delegation-banner.tsx'],
  '/src/app/section-routes.tsx': ['/src/remboursements-page.tsx', '/src/demandes-page.tsx', '/src/carte-page.tsx'],
  '/src/carte-page.tsx': ['/src/carte-step.tsx'],
};

const chunks = appChunks(
  {
    importsOf: (id) => imports[id] ?? [],
    dynamicImportsOf: (id) => dynamicImports[id] ?? [],
    sizeOf: (id) => (id === '/src/large-part.tsx' ? sharedPartLimit + 1 : 100),
  },
  {
    main: '/src/main.tsx',
    memberSpace: '/src/app/member-routes.tsx',
    sections: '/src/app/section-routes.tsx',
    signedInOnly: ['/src/app/session-taken-back.ts'],
  },
);

describe('the app’s scripts', () => {
  it('put what the first script imports in it', () => {
    expect(chunks.get('/node_modules/react/index.js')).toBe('index');
    expect(chunks.get('/src/i18n/t.ts')).toBe('index');
  });

  it('put in the first script what a public page shares with the member space, never the reverse', () => {
    expect(chunks.get('/src/lib/format-date.ts')).toBe('index');
    expect(chunks.get('/src/accessibilite-page.tsx')).toBeUndefined();
  });

  it('leave to the member space what only a signed-in member’s later script shares with it', () => {
    expect(chunks.get('/node_modules/swr/index.mjs')).toBe('member-routes');
    expect(chunks.get('/src/app/shell.tsx')).toBe('member-routes');
  });

  it('put the small parts several pages, or a page and a later part of another, share in the sections’ script', () => {
    expect(chunks.get('/src/lib/page-route.ts')).toBe('section-routes');
    expect(chunks.get('/src/paginate.ts')).toBe('section-routes');
    expect(chunks.get('/src/qr.ts')).toBe('section-routes');
  });

  it('leave to the bundler a part the member space loads later too: it never brings the sections’ script', () => {
    expect(chunks.get('/src/format-name.ts')).toBeUndefined();
  });

  it('leave to the bundler the pages, a large part, and a part that would bring a library or a large part with it', () => {
    for (const id of [
      '/src/remboursements-page.tsx',
      '/src/large-part.tsx',
      '/src/schemas.ts',
      '/node_modules/zod/index.js',
      '/src/csv.ts',
      '/src/csv-cell.ts',
    ]) {
      expect(chunks.get(id), id).toBeUndefined();
    }
  });
});
