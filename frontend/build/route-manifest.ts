import type { OutputBundle } from 'rolldown';
import { type Alias, type Plugin, runnerImport } from 'vite';
import { closure } from './closure.ts';
import { declaredPages } from './route-pages.ts';

/**
 * `route-manifest.json` in the build, what the server knows of the front end's routes
 * (`src/pages.rs` reads it, never TypeScript): the public paths, the home page, and what every
 * signed-in page asks for first (`src/app/server-routes.ts`); the first script with what it
 * imports, the scripts that the member space (`member-routes`) and the sections' routes
 * (`section-routes`) bring beyond it; then, for each lazily loaded page's route pattern, those
 * its code needs beyond all three and the addresses of its first answers known before the visit
 * (its `preload`; the styles are one file, linked from `index.html`). The server names them in
 * its `Link` header, so that a page's code and data download with the first script instead of
 * after it: a chunk only one of them imports is otherwise found once that one has arrived.
 *
 * The pages are read from each feature's `routes.ts`, evaluated as the app evaluates it (with
 * Vite's module runner and this build's aliases): the `preload` the route's loader asks for is
 * the very one named here, and `module` the one its `lazy` imports. Those files and what they
 * import must therefore be evaluable outside a browser (no `document` when a module is first
 * evaluated); a build that cannot evaluate one fails with the error.
 */
/** `serverRoutes` of `src/app/server-routes.ts`, as this build reads it. */
interface ServerRoutes {
  publicPaths: readonly string[];
  home: { pattern: string; preload?: readonly string[] };
  session: string;
  sidebar: Readonly<Record<string, string>>;
}

export function routeManifest(): Plugin {
  let root = '';
  let alias: Alias[] = [];
  const evaluate = async (file: string) => {
    const { module } = await runnerImport<Record<string, unknown>>(file, {
      root,
      logLevel: 'error',
      resolve: { alias },
    });
    return module;
  };
  return {
    name: 'route-manifest',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      alias = config.resolve.alias;
    },
    // After Vite's own: it writes `index.html` then, and drops an entry left with nothing but
    // imports, whose scripts `index.html` names instead.
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const importsOf = (file: string) => byFile.get(file)?.imports ?? [];
        const named = (name: string) => {
          const chunk = chunks.find((candidate) => candidate.name === name);
          if (!chunk) throw new Error(`route-manifest: no chunk named ${name}`);
          return chunk.fileName;
        };
        const scripts = (files: Iterable<string>) => [...files].map((file) => `/${file}`);
        // `index.html`'s scripts, then what they import: a `Set` keeps the order its members
        // were added in.
        const first = closure(htmlScripts(bundle['index.html']), importsOf);
        const memberSpace = closure([named('member-routes')], importsOf, first);
        const sections = closure([named('section-routes')], importsOf, new Set([...first, ...memberSpace]));
        const always = new Set([...first, ...memberSpace, ...sections]);
        const routesFiles = [...this.getModuleIds()].filter((id) => /\/src\/features\/[^/]+\/routes\.ts$/.test(id));
        const declared = await Promise.all(routesFiles.map(async (file) => declaredPages(file, await evaluate(file))));
        const pages = declared.flat().map(({ pattern, module, data }) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId === module);
          if (!page) throw new Error(`route-manifest: no chunk for ${module}`);
          return { pattern, data, scripts: scripts(closure([page.fileName], importsOf, always)) };
        });
        if (pages.length === 0) throw new Error('route-manifest: no lazily loaded page found');
        const { serverRoutes } = (await evaluate(`${root}/src/app/server-routes.ts`)) as { serverRoutes: ServerRoutes };
        const manifest = {
          publicPaths: serverRoutes.publicPaths,
          home: { pattern: serverRoutes.home.pattern, data: serverRoutes.home.preload ?? [] },
          session: serverRoutes.session,
          sidebar: Object.values(serverRoutes.sidebar),
          first: scripts(first),
          memberSpace: scripts(memberSpace),
          sections: scripts(sections),
          pages,
        };
        this.emitFile({ type: 'asset', fileName: 'route-manifest.json', source: JSON.stringify(manifest) });
      },
    },
  };
}

/** The scripts `index.html` loads, in its order: the first script and what it imports. */
function htmlScripts(html: OutputBundle[string] | undefined): string[] {
  if (html?.type !== 'asset') throw new Error('route-manifest: no index.html in the build');
  const scripts = [...String(html.source).matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)];
  if (scripts.length === 0) throw new Error('route-manifest: index.html loads no script');
  return scripts.flatMap(([, file]) => (file === undefined ? [] : [file]));
}
