import { afterEach, describe, expect, it, vi } from 'vitest';
import { authPages } from '@/features/auth/routes';
import { comptePages } from '@/features/compte/routes';
import { contentPages } from '@/features/content/routes';
import { demandesPages } from '@/features/demandes/routes';
import { mutuellePages } from '@/features/mutuelle/routes';
import type { LazyPageRoute } from '@/lib/page-route';
import { declaredPages } from '../../build/declared-pages.ts';

/** The routes files as text, by path (`/src/features/auth/routes.ts`). */
const routesFiles = import.meta.glob<string>('/src/features/*/routes.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const pageModules = new Set(Object.keys(import.meta.glob('/src/features/*/components/*.tsx')));
/** The modules the routes files import their keys from, as text. */
const apiModules = import.meta.glob<string>(['/src/api/*.ts', '/src/features/*/api/*.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** What the build's page-chunks plugin reads in a feature's `routes.ts`. */
function declaredIn(feature: string) {
  const file = `/src/features/${feature}/routes.ts`;
  return declaredPages(file, routesFiles[file] ?? '', (module) => apiModules[module]);
}

const tables: Record<string, Record<string, LazyPageRoute>> = {
  auth: authPages,
  compte: comptePages,
  content: contentPages,
  demandes: demandesPages,
  mutuelle: mutuellePages,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the build table of each page’s files', () => {
  it('finds every lazily loaded page that a routes file declares, with the router’s pattern', () => {
    for (const [feature, pages] of Object.entries(tables)) {
      const declared = declaredIn(feature);
      // The accessibility statement is declared in a file of its own, and public: never preloaded.
      const routed = Object.values(pages).filter((page) => page !== contentPages.accessibilite);
      expect(declared.map((page) => page.pattern).sort(), feature).toEqual(routed.map((page) => page.pattern).sort());
      for (const page of declared) expect(pageModules.has(`${page.module}.tsx`), page.module).toBe(true);
    }
  });

  it('follows a loader shared by two addresses through the object spread into them', () => {
    const modules = new Map(declaredIn('compte').map((page) => [page.pattern, page.module]));
    expect(modules.get('/compte')).toMatch(/\/features\/compte\/components\/informations-personnelles-page$/);
    expect(modules.get('/compte/informations-personnelles')).toBe(modules.get('/compte'));
  });

  it('names the answers a page asks for first whatever its address, and only those', () => {
    const data = new Map(
      Object.keys(tables).flatMap((feature) => declaredIn(feature).map((page) => [page.pattern, page.data])),
    );
    expect(data.get('/home/cgu')).toEqual(['/api/strapi/mention-legale']);
    expect(data.get('/mutuelle/contrats-garanties')).toEqual([
      '/api/assure/contrats',
      '/api/assure/droitsAdherent',
      '/api/assure/droitsCompletAdherent',
      '/api/assure/echeance-prochaine',
      '/api/assure/beneficiaires',
    ]);
    // « Mes connexions », lower on the page, is asked for with the rest.
    expect(data.get('/compte/informations-personnelles')).toContain('/api/connexions');
    // A request's answer, an article's: the patterns of their keys, which the server fills
    // from the page's own `:id`.
    expect(data.get('/mutuelle/demandes/:id')).toEqual(['/api/demande/:id']);
    expect(data.get('/home/article/:id')).toEqual(['/api/strapi/menus/:id']);
    // A payment day's query is made from its date: not known before the visit.
    expect(data.get('/mutuelle/remboursements/:date')).toEqual(['/api/assure/banques']);
    // Of the payments, only the beneficiaries: the payments' query comes from the address.
    expect(data.get('/mutuelle/remboursements')).toEqual(['/api/assure/beneficiaires']);
  });

  it('names addresses the pages really fetch, spelled as they fetch them', async () => {
    const fetched = new Set<string>();
    vi.stubGlobal('fetch', (url: string) => {
      fetched.add(url);
      return Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
    });
    const pages = Object.values(tables).flatMap((pages) => Object.values(pages));
    const id = '12';
    await Promise.all(pages.flatMap((page) => (page.data ? [page.data({ id }, new URLSearchParams(), '/')] : [])));
    const declared = Object.keys(tables).flatMap((feature) => declaredIn(feature).flatMap((page) => page.data));
    expect(declared.length).toBeGreaterThan(10);
    for (const address of declared) expect(fetched, address).toContain(address.replace(':id', id));
  });

  it('refuses a key filled from an :id that the page’s address does not have', () => {
    const source = [
      "import { demandeKey } from './api/get-demande';",
      'export const pages = {',
      "  x: { pattern: paths.cgu, lazy: () => import('./x-page'), data: () => preloadData(demandeKey(1), get) },",
      '};',
    ].join('\n');
    const api = "export const demandeKey = keyWithId('/api/demande/:id');";
    expect(() => declaredPages('/src/features/x/routes.ts', source, () => api)).toThrow(/\/home\/cgu has no :id/);
  });

  it('refuses a pattern it cannot read, rather than leave the page out', () => {
    const source = "export const pages = { x: { pattern: '/x', lazy: () => import('./x-page') } };";
    expect(() => declaredPages('/src/features/x/routes.ts', source, () => undefined)).toThrow(/not a path of src\/lib\/paths.ts/);
  });
});
