import { existsSync, readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { closure } from './closure.ts';
import { declaredPages } from './declared-pages.ts';

/**
 * `page-chunks.json` in the build: for each lazily loaded page's route pattern, the scripts and
 * styles its code needs beyond the first script and the member space's two (which the server
 * preloads already), and the addresses of its first answers known before the visit. The
 * server names them in its `Link` header (`src/pages.rs`), so that a page's own code and data
 * download with the first script instead of after it.
 */
export function pageChunks(): Plugin {
  return {
    name: 'page-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const importsOf = (file: string) => byFile.get(file)?.imports ?? [];
      const always = closure(
        chunks
          .filter((chunk) => chunk.isEntry || chunk.name === 'member-routes' || chunk.name === 'section-routes')
          .map((chunk) => chunk.fileName),
        importsOf,
      );
      const routesFiles = [...this.getModuleIds()].filter((id) => /\/src\/features\/[^/]+\/routes\.ts$/.test(id));
      const table = routesFiles
        .flatMap((file) =>
          declaredPages(file, readFileSync(file, 'utf8'), (module) =>
            existsSync(module) ? readFileSync(module, 'utf8') : undefined,
          ),
        )
        .map(({ pattern, module, data }) => {
          const page = chunks.find((chunk) => chunk.facadeModuleId?.replace(/\.tsx?$/, '') === module);
          if (!page) throw new Error(`page-chunks: no chunk for ${module}`);
          const files = [...closure([page.fileName], importsOf, always)];
          return {
            pattern,
            data,
            scripts: files.map((file) => `/${file}`),
            styles: files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])].map((css) => `/${css}`)),
          };
        });
      if (table.length === 0) throw new Error('page-chunks: no lazily loaded page found');
      this.emitFile({ type: 'asset', fileName: 'page-chunks.json', source: JSON.stringify(table) });
    },
  };
}
