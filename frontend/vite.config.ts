import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appChunks } from './build/app-chunks.ts';
import { routeManifest } from './build/route-manifest.ts';
import { withoutDeadRouterCode } from './build/router-dead-code.ts';

/**
 * React Router's package exports always point at its development build (with its warnings and
 * checks); the production build sits beside it. Builds for the browser use the latter, as they
 * do for React itself. Both entry points alias to the same build so they share one router,
 * without the code of it that this app never runs (`build/router-dead-code.ts`).
 */
function reactRouterProductionBuild(): Plugin {
  const build = (file: string) =>
    fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));
  return {
    name: 'react-router-production-build',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: { 'react-router/dom': build('dom-export.mjs'), 'react-router': build('index.mjs') },
      },
    }),
    transform: {
      filter: { id: /\/react-router\/dist\/production\/.*\.mjs$/ },
      handler: (code, id) => ({ code: withoutDeadRouterCode(code, id), map: null }),
    },
  };
}

/**
 * SWR reaches `useSyncExternalStore` through the `use-sync-external-store` shim, written for
 * React versions without it; React 19 has it, and the shim's fallback would only weigh on the
 * member space's first load. Browser builds take React's own, as SWR does when it finds it.
 */
function nativeUseSyncExternalStore(): Plugin {
  const shim = '\0use-sync-external-store-shim';
  return {
    name: 'native-use-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? shim : null),
    load: (id) => (id === shim ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

/**
 * The app's own scripts (`build/app-chunks.ts`): the first one, the member space's, the
 * sections' routes', and each page's. Left to itself, the bundler gives each module two
 * scripts share a small file of its own: a dozen more requests on a page's first load, each
 * waiting its turn among the six a browser makes at once to one server over HTTP/1.1.
 */
function appScripts(): Plugin {
  let chunkOf = new Map<string, string>();
  return {
    name: 'app-scripts',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const module = (path: string) => {
        const id = ids.find((candidate) => candidate.endsWith(path));
        if (id === undefined) throw new Error(`app-scripts: no module ${path}`);
        return id;
      };
      chunkOf = appChunks(
        {
          importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? [],
          dynamicImportsOf: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
          sizeOf: (id) => this.getModuleInfo(id)?.code?.length ?? Number.POSITIVE_INFINITY,
        },
        {
          main: module('/src/main.tsx'),
          memberSpace: module('/src/app/member-routes.tsx'),
          sections: module('/src/app/section-routes.tsx'),
          signedInOnly: [module('/src/app/session-taken-back.ts')],
        },
      );
    },
    config: () => ({
      build: {
        rolldownOptions: {
          // The first script is the entry's own chunk, not a file that imports it.
          preserveEntrySignatures: false,
          output: {
            codeSplitting: {
              groups: [
                {
                  name: (id: string) => chunkOf.get(id) ?? null,
                  // Each group holds what its modules import already, but for the modules
                  // left to the bundler, which keep their chunks.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
  };
}

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    nativeUseSyncExternalStore(),
    appScripts(),
    routeManifest(),
    VitePWA({
      // Registered by src/app/service-worker.ts, which also prints its message when the browser
      // has no service workers (docs/product/errors.md#browser-console-messages).
      injectRegister: false,
      // No manifest from the build: the server serves /manifest.webmanifest (linked from
      // index.html) built from the partner's brand (name, colours, logo), which a file frozen
      // at build time could not follow.
      manifest: false,
      workbox: {
        // The app shell: scripts, styles and images, all content-hashed or small. index.html
        // is not precached: the server writes the brand into it, so a copy frozen at install
        // time could show another configuration's name or colour.
        globPatterns: ['**/*.{js,css,svg}'],
        navigateFallback: null,
        // A new worker takes over at once, and the page that registered it too: the card page
        // reached by client-side navigation after the first visit can then be reloaded offline.
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: [
          {
            // Page loads go to the network first (always the current index.html with its brand)
            // and fall back to the last copy when offline. Never a server route: sign-in,
            // sign-out and API answers must always come from the server. (This function is
            // copied into the worker's source, so it cannot use anything defined here.)
            urlPattern: ({ request, url }) =>
              request.mode === 'navigate' &&
              !/^\/(api|auth|_demo|brand|healthz|readyz|metrics)(\/|$)/.test(url.pathname),
            handler: 'NetworkFirst',
            options: {
              // Also filled from the page (src/features/carte-tp/app-page-cache.ts): keep the two names alike.
              cacheName: 'app-shell-pages',
              networkTimeoutSeconds: 5,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: 20 },
              plugins: [
                {
                  // Offline, at an address never loaded through the worker (members reach
                  // `/mutuelle/smart-carte` by client-side navigation): every app address
                  // serves the same index.html, so the latest page cached stands for it (the
                  // Cache API lists entries oldest first). Copied into the worker's source
                  // like `urlPattern`: only the worker's own globals.
                  handlerDidError: async () => {
                    const cache = await caches.open('app-shell-pages');
                    const requests = await cache.keys();
                    for (const request of [...requests].reverse()) {
                      const response = await cache.match(request);
                      if (response) return response;
                    }
                    return undefined;
                  },
                },
              ],
            },
          },
        ],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // The Rust server embeds dist/ and serves dist/assets/* (content-hashed) as immutable.
    outDir: 'dist',
    assetsDir: 'assets',
    // Never inline assets as data: URIs: the server's Content-Security-Policy only allows
    // same-origin resources, and separate hashed files cache better anyway.
    assetsInlineLimit: 0,
    // One stylesheet for the whole app (10 KB brotli), linked from index.html: a section's page
    // otherwise waits for three to six small ones, and a browser speaking HTTP/1.1 fetches
    // only six files at a time from one server.
    cssCodeSplit: false,
    // dist/.vite/manifest.json: which chunks each page needs, read by
    // packaging/bench/bundle-size.mjs (the server does not embed it).
    manifest: true,
    // Every browser the app supports preloads modules itself: no polyfill, and no file for it.
    modulePreload: { polyfill: false },
  },
});
