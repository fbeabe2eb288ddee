// Bytes of JavaScript each page downloads, from the Vite build manifest
// (frontend/dist/.vite/manifest.json; run `npm run build` in frontend first).
// The first load of any page costs the entry chunk and every chunk it imports statically;
// a lazily loaded page then costs its own chunk and the chunks that one imports that were not
// loaded yet. Sizes are raw, gzip (level 9) and brotli (quality 11), as the server sends them.
// Usage: node packaging/bench/bundle-size.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));

/** The chunk, then every chunk it imports statically, each once. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

function sizes(keys) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const key of keys) {
    const bytes = readFileSync(dist + manifest[key].file);
    raw += bytes.length;
    gzip += gzipSync(bytes, { level: 9 }).length;
    brotli += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return { raw, gzip, brotli };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (name, { raw, gzip, brotli }) =>
  `| ${name} | ${kb(raw)} | ${kb(gzip)} | ${kb(brotli)} |`;

const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
const initial = closure(entry);
console.log('| what the browser downloads | JS | gzip | brotli |');
console.log('|---|---|---|---|');
console.log(row('first load of `/` and `/home` (shell, landing, home)', sizes(initial)));
for (const key of Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry).sort()) {
  const extra = [...closure(key)].filter((chunk) => !initial.has(chunk));
  const name = key.replace(/^src\//, '').replace(/\.tsx?$/, '');
  console.log(row(`then \`${name}\``, sizes(extra)));
}
