// Bytes of JavaScript each page downloads, from the Vite build manifest
// (frontend/dist/.vite/manifest.json; run `npm run build` in frontend first).
// The first load of `/` costs the scripts `index.html` names and every chunk they import
// statically. Any other address also loads the member space (`member-routes`, one chunk by
// frontend/build/app-chunks.ts): the first load of `/home` is both. Every chunk loaded later (a
// section's routes, a page, a step of a form, a worker's fallback) then costs its own chunk and
// what it imports that was not loaded already: by the chunks importing it, and by the first
// load of `/home` for the member space's chunks (those that import its chunk). Sizes are raw,
// gzip and brotli: the precompressed files the server sends (`build.rs` writes them beside
// each file: zopfli and brotli quality 11).
// Usage: node packaging/bench/bundle-size.mjs (after `cargo build`, which writes them)
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../../frontend/dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(`${dist}.vite/manifest.json`, 'utf8'));
const scripts = Object.keys(manifest).filter((key) => manifest[key].file.endsWith('.js'));

/** The chunk, then every chunk it imports statically, each once. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

/** The chunks that load `key` with `import()`. */
const importers = new Map();
for (const key of scripts) {
  for (const imported of manifest[key].dynamicImports ?? []) {
    importers.set(imported, [...(importers.get(imported) ?? []), key]);
  }
}

function intersection(sets) {
  if (sets.length === 0) return new Set();
  return new Set([...sets[0]].filter((key) => sets.every((set) => set.has(key))));
}

const html = readFileSync(`${dist}index.html`, 'utf8');
const firstFiles = [...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g)].map(([, file]) => file);
const firstLoad = new Set();
for (const key of scripts.filter((candidate) => firstFiles.includes(manifest[candidate].file))) {
  closure(key, firstLoad);
}

/** What the browser has loaded by the time `key` has: what every way to it loaded before it. */
const loadedMemo = new Map();
function loadedBy(key) {
  if (!loadedMemo.has(key)) {
    const own = closure(key);
    // A chunk on a loop of imports (a page and its form's step) counts on its own chunks there.
    loadedMemo.set(key, own);
    loadedMemo.set(key, new Set([...own, ...before(key)]));
  }
  return loadedMemo.get(key);
}

const memberSpace = scripts.find((key) => manifest[key].name === 'member-routes');

/**
 * What is there before `key` loads: what all its importers loaded, and the whole first load of
 * `/home` for a chunk of the member space's (one that imports its chunk: a section's routes,
 * a page), which only ever loads with or after it.
 */
function before(key) {
  const loaded = intersection((importers.get(key) ?? []).map(loadedBy));
  if (key === memberSpace || !closure(key).has(memberSpace)) return loaded;
  return new Set([...loaded, ...loadedBy(memberSpace)]);
}

function sizes(keys) {
  let raw = 0;
  let gzip = 0;
  let brotli = 0;
  for (const key of keys) {
    const file = dist + manifest[key].file;
    const size = (path) => statSync(path).size;
    raw += size(file);
    // A file that compression would not shrink is sent as it is.
    const sent = (suffix) => (existsSync(file + suffix) ? size(file + suffix) : size(file));
    gzip += sent('.gz');
    brotli += sent('.br');
  }
  return { raw, gzip, brotli };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const row = (name, { raw, gzip, brotli }) =>
  `| ${name} | ${kb(raw)} | ${kb(gzip)} | ${kb(brotli)} |`;
const label = (key) =>
  key.startsWith('src/') ? key.replace(/^src\//, '').replace(/\.tsx?$/, '') : manifest[key].name;

console.log('| what the browser downloads | JS | gzip | brotli |');
console.log('|---|---|---|---|');
console.log(row('first load of `/` (landing, public routes)', sizes(firstLoad)));
console.log(
  row('first load of `/home` (and of any page: the member space, SWR, home)', sizes(loadedBy(memberSpace))),
);
const later = scripts.filter((key) => importers.has(key) && key !== memberSpace);
for (const key of later.sort((a, b) => label(a).localeCompare(label(b)))) {
  const loaded = before(key);
  const extra = [...closure(key)].filter((chunk) => !loaded.has(chunk));
  console.log(row(`then \`${label(key)}\``, sizes(extra)));
}
