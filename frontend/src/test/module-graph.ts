import ts from 'typescript';

/**
 * The app's modules and how they import each other, read from the sources as the bundler
 * would follow them: what a page's code brings with it, and what only arrives later (an
 * `import()`, or a lazy `import.meta.glob` of one file). Type-only imports are left out (they
 * are erased), as are the tests.
 */

/** The sources as text, by path from `src/` (`app/app.tsx`); the tests and their helpers aside. */
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/test/**', '!/src/**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\/src\//, ''), text]),
);

/** Files imported for what they hold rather than as code: the catalogue's sections, styles. */
const assets = new Set(
  Object.keys(import.meta.glob(['/src/**/*.json', '/src/**/*.css'])).map((path) => path.replace(/^\/src\//, '')),
);

/** A module of the app, named by its path under `src/` (`app/main.tsx`), or `npm:<package>`. */
export interface Module {
  name: string;
  source: ts.SourceFile;
  /** What it imports when it is evaluated: modules of the app and `npm:` packages. */
  imports: string[];
  /** What it loads later, with `import()`. */
  dynamicImports: string[];
  /** The identifiers its default imports bind, by the module they come from. */
  defaultImports: Map<string, string>;
}

function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return `npm:${specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier)}`;
}

/** `a/b/../c` as `a/c`. */
function normalise(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

function resolveSpecifier(from: string, specifier: string): string {
  let base: string;
  if (specifier.startsWith('@/')) base = specifier.slice(2);
  else if (specifier.startsWith('.')) base = normalise(`${from.split('/').slice(0, -1).join('/')}/${specifier}`);
  else return packageName(specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  const found = candidates.find((path) => path in sources || assets.has(path));
  if (found === undefined) throw new Error(`${from}: cannot resolve ${specifier}`);
  return found;
}

/** An import that leaves something at run time: not `import type`, not only `type` names. */
function isRuntimeImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return true;
  if (clause.phaseModifier === ts.SyntaxKind.TypeKeyword) return false;
  if (clause.name) return true;
  const bindings = clause.namedBindings;
  if (!bindings || ts.isNamespaceImport(bindings)) return true;
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
}

function isRuntimeExport(node: ts.ExportDeclaration): boolean {
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  return !clause || !ts.isNamedExports(clause) || clause.elements.some((element) => !element.isTypeOnly);
}

function readModule(path: string, text: string): Module {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const module: Module = {
    name: path,
    source,
    imports: [],
    dynamicImports: [],
    defaultImports: new Map(),
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier) && isRuntimeImport(node)) {
      const imported = resolveSpecifier(path, node.moduleSpecifier.text);
      module.imports.push(imported);
      if (node.importClause?.name) module.defaultImports.set(node.importClause.name.text, imported);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier) &&
      isRuntimeExport(node)
    ) {
      module.imports.push(resolveSpecifier(path, node.moduleSpecifier.text));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      module.dynamicImports.push(resolveSpecifier(path, node.arguments[0].text));
    } else if (
      ts.isCallExpression(node) &&
      node.expression.getText() === 'import.meta.glob' &&
      node.arguments.length === 1 &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      // A lazy glob of one file, as the routes files name their pages (`lazyPage`): an
      // `import()` of that file.
      module.dynamicImports.push(resolveSpecifier(path, node.arguments[0].text));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return module;
}

let graph: Map<string, Module> | undefined;

/** Every module of `src/` but the tests, by name. */
export function appModules(): Map<string, Module> {
  graph ??= new Map(Object.entries(sources).map(([path, text]) => [path, readModule(path, text)]));
  return graph;
}

/**
 * `name` and everything it imports when evaluated, directly or not: what arrives with it,
 * before any of it runs. Packages appear as `npm:<package>`, JSON files and styles by name.
 */
export function staticClosure(name: string): Set<string> {
  const modules = appModules();
  const seen = new Set<string>();
  const pending = [name];
  let next: string | undefined;
  while ((next = pending.pop()) !== undefined) {
    if (seen.has(next)) continue;
    seen.add(next);
    pending.push(...(modules.get(next)?.imports ?? []));
  }
  return seen;
}

/** The entry script, and every module loaded with `import()`: each starts a chunk of its own. */
export function loadRoots(): string[] {
  const roots = new Set(['main.tsx']);
  for (const module of appModules().values()) {
    for (const imported of module.dynamicImports) roots.add(imported);
  }
  return [...roots];
}
