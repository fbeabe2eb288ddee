import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { appModules, loadRoots, type Module, staticClosure } from '@/test/module-graph';

/** The catalogue's sections, by file (`i18n/fr/home.json`). */
const sections = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>('./fr/*.json', { import: 'default', eager: true }),
  ).map(([path, section]) => [`i18n/fr/${path.slice('./fr/'.length)}`, section]),
);

const sectionOf = new Map<string, string>();
for (const [file, section] of Object.entries(sections)) {
  for (const key of Object.keys(section)) sectionOf.set(key, file);
}

/**
 * The catalogue keys `module` names: any text that is a key, and every key a template starts
 * (`reclamation.motif.${motif}` names all of `reclamation.motif.*`).
 */
function keysUsedBy(module: Module): Set<string> {
  const keys = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) && sectionOf.has(node.text)) keys.add(node.text);
    if (ts.isTemplateExpression(node) && node.head.text.endsWith('.')) {
      for (const key of sectionOf.keys()) if (key.startsWith(node.head.text)) keys.add(key);
    }
    ts.forEachChild(node, visit);
  };
  visit(module.source);
  return keys;
}

function sectionsImportedBy(name: string): string[] {
  return (appModules().get(name)?.imports ?? []).filter((imported) => imported in sections);
}

/** The sections evaluated with `root`'s chunk: imported by it or by anything it imports. */
function sectionsWith(root: string): Set<string> {
  return new Set([...staticClosure(root)].filter((name) => name in sections));
}

/**
 * The sections certainly there when `root`'s code runs: its own, and those of every chunk that
 * loads it (a page loaded from the member space's routes finds the member space's). A chunk
 * several others may load only counts on what all of them have.
 */
function sectionsAvailableTo(root: string, memo = new Map<string, Set<string>>()): Set<string> {
  const known = memo.get(root);
  if (known) return known;
  const available = sectionsWith(root);
  memo.set(root, available);
  const loaders = loadRoots().filter((other) =>
    [...staticClosure(other)].some((name) => appModules().get(name)?.dynamicImports.includes(root)),
  );
  const inherited = loaders.map((loader) => sectionsAvailableTo(loader, memo));
  const common = inherited.reduce<Set<string> | null>(
    (shared, next) => (shared === null ? new Set(next) : new Set([...shared].filter((file) => next.has(file)))),
    null,
  );
  for (const file of common ?? []) available.add(file);
  return available;
}

describe('the catalogue’s sections', () => {
  it('are flat objects of texts, none empty, no key in two of them', () => {
    const seen = new Map<string, string>();
    for (const [file, section] of Object.entries(sections)) {
      for (const [key, text] of Object.entries(section)) {
        expect(typeof text === 'string' && text !== '', `${file}: ${key}`).toBe(true);
        expect(seen.get(key), `${key} is in ${file} and in ${seen.get(key) ?? ''}`).toBeUndefined();
        seen.set(key, file);
      }
    }
  });

  it('are each added to the catalogue by the code that imports them', () => {
    const importers = new Map<string, string[]>();
    for (const module of appModules().values()) {
      for (const file of sectionsImportedBy(module.name)) {
        importers.set(file, [...(importers.get(file) ?? []), module.name]);
        const binding = [...module.defaultImports].find(([, imported]) => imported === file)?.[0];
        // `catalogue.ts` starts from `common`; everywhere else, the section goes to `addMessages`.
        const added =
          module.name === 'i18n/catalogue.ts' ||
          (binding !== undefined && module.source.text.includes(`addMessages(${binding})`));
        expect(added, `${module.name} imports ${file} without adding it`).toBe(true);
      }
    }
    expect([...importers.keys()].sort()).toEqual(Object.keys(sections).sort());
  });

  it('are there before any code that shows their texts runs', () => {
    const missing: string[] = [];
    for (const root of loadRoots()) {
      const available = sectionsAvailableTo(root);
      for (const name of staticClosure(root)) {
        const module = appModules().get(name);
        if (!module) continue;
        for (const key of keysUsedBy(module)) {
          const file = sectionOf.get(key) ?? '';
          if (!available.has(file)) missing.push(`${root} → ${name}: ${key} (${file})`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('are never read while a module is evaluated, only once it renders or runs', () => {
    const early: string[] = [];
    for (const module of appModules().values()) {
      const visit = (node: ts.Node) => {
        if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
        if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 't') {
          early.push(`${module.name}: ${node.getText()}`);
        }
        ts.forEachChild(node, visit);
      };
      visit(module.source);
    }
    expect(early).toEqual([]);
  });
});
