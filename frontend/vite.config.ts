import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
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
  },
});
