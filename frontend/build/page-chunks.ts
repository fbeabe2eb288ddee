import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { closure } from './closure.ts';
import { declaredPages } from './declared-pages.ts';

/**
 * `page-chunks.json` in the build: the first script with what it imports, the scripts that the
 * member space (`member-routes`) and the sections' routes (`section-routes`) bring beyond it,
 * then, for each lazily
 * loaded page's route pattern, those its code needs beyond all three and the addresses of its
 * first answers known before the visit (the styles are one file, linked from `index.html`).
 * The server names them in its `Link` header (`src/pages.rs`), so that a page's code and data
 * download with the first script instead of after it: a chunk only one of them imports is
 * otherwise found once that one has arrived.
 */
export function pageChunks(): Plugin {
  return {
    name: 'page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const importsOf = (file: string) => byFile.get(file)?.imports ?? [];
      const named = (name: string) => {
        const chunk = chunks.find((candidate) => candidate.name === name);
        if (!chunk) throw new Error(`page-chunks: no chunk named ${name}`);
        return chunk.fileName;
      };
      const scripts = (files: Iterable<string>) => [...files].map((file) => `/${file}`);
      // The entry first: a `Set` keeps the order its members were added in.
      const first = closure(
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
        importsOf,
      );
      const memberSpace = closure([named('member-routes')], importsOf, first);
      const sections = closure([named('section-routes')], importsOf, new Set([...first, ...memberSpace]));
      const always = new Set([...first, ...memberSpace, ...sections]);
      const routesFiles = [...this.getModuleIds()].filter((id) => /\/src\/features\/[^/]+\/routes\.ts$/.test(id));
      const pages = routesFiles
        .flatMap((file) =>
          declaredPages(file, readFileSync(file, 'utf8'), (module) =>
            existsSync(module) ? readFileSync(module, 'utf8') : undefined,
          ),
        )
        .map(({ pattern, module, data }) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\.tsx?$/, '') === module);
          if (!page) throw new Error(`page-chunks: no chunk for ${module}`);
          return { pattern, data, scripts: scripts(closure([page.fileName], importsOf, always)) };
        });
      if (pages.length === 0) throw new Error('page-chunks: no lazily loaded page found');
      const table = { first: scripts(first), memberSpace: scripts(memberSpace), sections: scripts(sections), pages };
      this.emitFile({ type: 'asset', fileName: 'page-chunks.json', source: JSON.stringify(table) });
    },
  };
}
