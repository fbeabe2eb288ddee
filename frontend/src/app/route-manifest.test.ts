import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anneeSantePages } from '@/features/annee-sante/routes';
import { authPages } from '@/features/auth/routes';
import { carteTpPages } from '@/features/carte-tp/routes';
import { comptePages } from '@/features/compte/routes';
import { contentPages } from '@/features/content/routes';
import { delegationPages } from '@/features/delegation/routes';
import { demandesPages } from '@/features/demandes/routes';
import { estimationPages } from '@/features/estimation/routes';
import { garantiesPages } from '@/features/garanties/routes';
import { homeData } from '@/features/home/home-data';
import { remboursementsPages } from '@/features/remboursements/routes';
import { resiliationPages } from '@/features/resiliation/routes';
import { reseauSoinsPages } from '@/features/reseau-soins/routes';
import { signalementPages } from '@/features/signalement/routes';
import type { LazyPageRoute, PageRoute } from '@/lib/page-route';
import { preloadedKeys } from '@/lib/preload-data';
import { declaredPages } from '../../build/route-pages.ts';
import { lazyRoute, type LazyPage } from './lazy-pages';
import { preloadingLoader } from './route-data';

// Every call asks: SWR's `preload` would otherwise hand a page the request of an earlier page
// on the same key, and the fetches seen would not be that page's own.
vi.mock('swr', async (importOriginal) => ({
  ...(await importOriginal<typeof import('swr')>()),
  preload: (key: string, fetcher: (key: string) => Promise<unknown>) => fetcher(key),
}));

/** The routes files, evaluated as the build evaluates them, by path (`/src/features/auth/routes.ts`). */
const routesModules = import.meta.glob<Record<string, unknown>>('/src/features/*/routes.ts', { eager: true });
const pageModules = new Set(Object.keys(import.meta.glob('/src/features/*/components/*.tsx')));

/** What the build's route-manifest plugin reads in a feature's `routes.ts`. */
function declaredIn(feature: string) {
  const file = `/src/features/${feature}/routes.ts`;
  return declaredPages(file, routesModules[file] ?? {});
}

const tables: Record<string, Record<string, LazyPageRoute>> = {
  'annee-sante': anneeSantePages,
  auth: authPages,
  'carte-tp': carteTpPages,
  compte: comptePages,
  content: contentPages,
  delegation: delegationPages,
  demandes: demandesPages,
  estimation: estimationPages,
  garanties: garantiesPages,
  remboursements: remboursementsPages,
  resiliation: resiliationPages,
  'reseau-soins': reseauSoinsPages,
  signalement: signalementPages,
};

/** The section pages, routed by `lazyRoute`, by feature. */
const sections: Record<string, Partial<Record<LazyPage, LazyPageRoute>>> = {
  'annee-sante': anneeSantePages,
  'carte-tp': carteTpPages,
  compte: comptePages,
  content: contentPages,
  delegation: delegationPages,
  demandes: demandesPages,
  estimation: estimationPages,
  garanties: garantiesPages,
  remboursements: remboursementsPages,
  resiliation: resiliationPages,
  'reseau-soins': reseauSoinsPages,
  signalement: signalementPages,
};

/** An address's parameters: each pattern takes those it has. */
const params = { id: '12', date: '2026-03-05', commande: 'CMD0001' };

/** The addresses that `loader` fetches, with `params` and no query. */
async function fetchedBy(loader: (args: LoaderFunctionArgs) => unknown): Promise<string[]> {
  const fetched: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    fetched.push(url);
    return Promise.resolve(new Response('{}', { headers: { 'Content-Type': 'application/json' } }));
  });
  // What the pages' loaders read of their arguments.
  const args: Pick<LoaderFunctionArgs, 'params' | 'request'> = { params, request: new Request('http://localhost/page') };
  await loader(args as LoaderFunctionArgs);
  vi.unstubAllGlobals();
  return fetched;
}

/** What a page's address makes for the loader alone, with `params` and no query. */
function fromAddress(route: PageRoute): readonly string[] {
  return route.preloadFromAddress?.(params, new URLSearchParams()) ?? [];
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the build table of each page’s files', () => {
  it('finds every lazily loaded page that a routes file declares, with the router’s pattern', () => {
    for (const [feature, pages] of Object.entries(tables)) {
      const declared = declaredIn(feature);
      expect(declared.map((page) => page.pattern).sort(), feature).toEqual(
        Object.values(pages)
          .map((page) => page.pattern)
          .sort(),
      );
      for (const page of declared) expect(pageModules.has(page.module), page.module).toBe(true);
    }
    // The home page comes with the first script, the public accessibility statement is declared
    // apart: the server names nothing for either from the table.
    expect(declaredIn('home')).toEqual([]);
  });

  it('follows a page shared by two addresses through the object spread into them', () => {
    const modules = new Map(declaredIn('compte').map((page) => [page.pattern, page.module]));
    expect(modules.get('/compte')).toBe('/src/features/compte/components/informations-personnelles-page.tsx');
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
      '/api/assure/plafonds',
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
    // The order to pay online that the payment's return page names: the loader's alone.
    expect(data.get('/mutuelle/cotisations/paiement/:commande')).toEqual([]);
    // The partner network fills the place with the member's postal code; its search is the member's.
    expect(data.get('/mutuelle/contrats-garanties/reseau-soins')).toEqual(['/api/assure/infos']);
    // Whom the member lets act for them, and for whom they may act; the latter alone to choose.
    expect(data.get('/compte/proches')).toEqual(['/api/assure/delegations', '/api/assure/procurations']);
    expect(data.get('/agir-pour')).toEqual(['/api/assure/procurations']);
  });

  it('names what each page’s loader fetches, and its loader fetches nothing else but what its address makes', async () => {
    let checked = 0;
    for (const [feature, pages] of Object.entries(sections)) {
      const table = new Map(declaredIn(feature).map((page) => [page.pattern, page.data]));
      for (const name of Object.keys(pages) as LazyPage[]) {
        const route = pages[name];
        if (!route) continue;
        const named = (table.get(route.pattern) ?? []).map((address) => address.replace(':id', params.id));
        const { loader } = lazyRoute(name);
        const fetched = typeof loader === 'function' ? await fetchedBy(loader) : [];
        expect(fetched.sort(), name).toEqual([...named, ...fromAddress(route)].sort());
        checked += named.length;
      }
    }
    expect(checked).toBeGreaterThan(10);
    // The home page's, with the same mechanism (its answer is named by the server itself).
    expect(await fetchedBy(preloadingLoader(homeData))).toEqual(['/api/home']);
  });

  it('fills a key’s :id only with a positive integer written as the SPA writes one, as the server does', () => {
    const route = { pattern: '/mutuelle/demandes/:id', preload: ['/api/demandes', '/api/demande/:id'] };
    const keys = (id: string) => preloadedKeys(route, { id }, new URLSearchParams());
    expect(keys('12')).toEqual(['/api/demandes', '/api/demande/12']);
    for (const refused of ['012', '0', '1234567890', '1e3', '-1', 'x']) {
      expect(keys(refused), refused).toEqual(['/api/demandes']);
    }
  });

  it('refuses a key filled from an :id that the page’s address does not have', () => {
    const pages = {
      x: { pattern: '/home/cgu', module: './x-page.tsx', lazy: () => Promise.reject(new Error()), preload: ['/api/demande/:id'] },
    };
    expect(() => declaredPages('/src/features/x/routes.ts', { pages })).toThrow(/\/home\/cgu has no :id/);
  });
});
