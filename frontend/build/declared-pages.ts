import ts from 'typescript';
import { paths, routePatterns } from '../src/lib/paths.ts';

// No Node module here: the app's own tests (src/app/page-chunks.test.ts) read the routes files
// with it too, and their type check knows only the browser's globals.

/** A lazily loaded page as its feature's `routes.ts` declares it. */
export interface DeclaredPage {
  pattern: string;
  /** The page module's file, without its extension. */
  module: string;
  /**
   * The addresses its `data` asks for: the keys it hands `preloadData` that are constants of an
   * `api/` module, and those a `keyWithId` builder makes of the page's `:id`, as the pattern
   * (`/api/demande/:id`) the server fills from the address. Keys built otherwise from the
   * address or the query (a payment day) are not known before the visit, and left out.
   */
  data: string[];
}

/** A module's text by its file path (`/src/api/get-contrats.ts`), when there is one. */
export type ReadModule = (file: string) => string | undefined;

/** The file an import specifier names: `@/` is `src/`, the rest relative to `from`. */
function resolveImport(specifier: string, from: string): string {
  const source = specifier.startsWith('@/')
    ? `${from.slice(0, from.lastIndexOf('/src/'))}/src/${specifier.slice(2)}`
    : new URL(specifier, `file://${from}`).pathname;
  return `${source}.ts`;
}

/** The first argument of a call, when it is a string written out. */
function firstString(expression: ts.Expression): string | undefined {
  if (!ts.isCallExpression(expression)) return undefined;
  const [argument] = expression.arguments;
  return argument && ts.isStringLiteralLike(argument) ? argument.text : undefined;
}

/**
 * The string an exported constant of an `api/` module holds, as those modules write it: the
 * address itself (`export const sessionKey = '/api/session'`) or the key of an endpoint made
 * from it (`const endpoint = getEndpoint('/api/assure/contrats'); export const contratsKey =
 * endpoint.key`), here or in the module it is re-exported from; for a key builder made by
 * `keyWithId('/api/demande/:id')`, its pattern. Anything else (a function of a query) is not
 * a constant: `undefined`.
 */
function exportedString(name: string, file: string, readModule: ReadModule): string | undefined {
  const source = readModule(file);
  if (source === undefined) return undefined;
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const initializers = new Map<string, ts.Expression>();
  let reExportedFrom: string | undefined;
  tree.forEachChild((statement) => {
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer) initializers.set(declaration.name.getText(), declaration.initializer);
      }
    }
    if (ts.isExportDeclaration(statement)) {
      const { exportClause, moduleSpecifier } = statement;
      if (
        exportClause &&
        ts.isNamedExports(exportClause) &&
        exportClause.elements.some((element) => element.name.text === name) &&
        moduleSpecifier &&
        ts.isStringLiteral(moduleSpecifier)
      ) {
        reExportedFrom = resolveImport(moduleSpecifier.text, file);
      }
    }
  });
  if (reExportedFrom) return exportedString(name, reExportedFrom, readModule);
  const value = initializers.get(name);
  if (value && ts.isStringLiteralLike(value)) return value.text;
  if (value && ts.isCallExpression(value) && value.expression.getText() === 'keyWithId') return firstString(value);
  if (value && ts.isPropertyAccessExpression(value) && value.name.text === 'key') {
    const endpoint = initializers.get(value.expression.getText());
    return endpoint && firstString(endpoint);
  }
  return undefined;
}

/** `paths.x` or `routePatterns.x`, as the routes files spell patterns, to its string. */
function patternOf(expression: ts.Expression, file: string): string {
  const tables: Record<string, Record<string, unknown>> = { paths, routePatterns };
  if (ts.isPropertyAccessExpression(expression) && ts.isIdentifier(expression.expression)) {
    const value = tables[expression.expression.text]?.[expression.name.text];
    if (typeof value === 'string') return value;
  }
  throw new Error(`page-chunks: ${file}: a pattern that is not a path of src/lib/paths.ts`);
}

/** The module a `lazy` loader imports: the argument of its `import()`. */
function importedBy(node: ts.Node): string | undefined {
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    const [specifier] = node.arguments;
    if (specifier && ts.isStringLiteral(specifier)) return specifier.text;
  }
  return ts.forEachChild(node, importedBy);
}

/**
 * The pages of one `routes.ts`: every object literal with a `pattern`, and its `lazy` and
 * `data` written there or in an object spread into it (a page shared by two addresses).
 * `readModule` gives the modules the routes file imports its keys from.
 */
export function declaredPages(file: string, source: string, readModule: ReadModule): DeclaredPage[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const objects = new Map<string, ts.ObjectLiteralExpression>();
  const functions = new Map<string, ts.Node>();
  /** A local name's module and the name it has there. */
  const imported = new Map<string, { module: string; name: string }>();
  tree.forEachChild((statement) => {
    if (ts.isFunctionDeclaration(statement) && statement.name) functions.set(statement.name.text, statement);
    if (!ts.isImportDeclaration(statement)) return;
    const names = statement.importClause?.namedBindings;
    const specifier = statement.moduleSpecifier;
    if (names && ts.isNamedImports(names) && ts.isStringLiteral(specifier)) {
      const module = resolveImport(specifier.text, file);
      for (const element of names.elements) {
        imported.set(element.name.text, { module, name: (element.propertyName ?? element.name).getText() });
      }
    }
  });
  /**
   * The constant keys of every `preloadData(key, …)` in `node`, and the patterns of those made
   * by `keyWithId` builders (`preloadData(demandeKey(id), …)`), following a named function.
   */
  const dataOf = (node: ts.Node): string[] => {
    if (ts.isIdentifier(node)) {
      const declared = functions.get(node.text);
      return declared ? dataOf(declared) : [];
    }
    const found: string[] = [];
    const visit = (child: ts.Node): void => {
      const [key] = ts.isCallExpression(child) && child.expression.getText() === 'preloadData' ? child.arguments : [];
      const name = key && ts.isCallExpression(key) ? key.expression : key;
      const origin = name && ts.isIdentifier(name) ? imported.get(name.text) : undefined;
      const address = origin && exportedString(origin.name, origin.module, readModule);
      // A constant handed as is, or a builder's pattern when it is called: never one for the other.
      if (address?.includes(':id') === (key !== name)) found.push(address);
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };
  const pages: DeclaredPage[] = [];
  const property = (object: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
    for (const member of object.properties) {
      if (ts.isPropertyAssignment(member) && member.name.getText() === name) return member.initializer;
      if (ts.isSpreadAssignment(member) && ts.isIdentifier(member.expression)) {
        const spread = objects.get(member.expression.text);
        const found = spread && property(spread, name);
        if (found) return found;
      }
    }
    return undefined;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.initializer && ts.isObjectLiteralExpression(node.initializer)) {
      objects.set(node.name.getText(), node.initializer);
    }
    if (ts.isObjectLiteralExpression(node)) {
      const pattern = property(node, 'pattern');
      const lazy = property(node, 'lazy');
      const module = lazy && importedBy(lazy);
      if (pattern && module) {
        const data = property(node, 'data');
        const page = {
          pattern: patternOf(pattern, file),
          module: new URL(module, `file://${file}`).pathname,
          data: data ? [...new Set(dataOf(data))] : [],
        };
        // The server fills a key's `:id` from the page's own: a page without one could not.
        if (page.data.some((address) => address.includes(':id')) && !page.pattern.split('/').includes(':id')) {
          throw new Error(`page-chunks: ${file}: ${page.pattern} has no :id for its data ${page.data.join(', ')}`);
        }
        pages.push(page);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return pages;
}
