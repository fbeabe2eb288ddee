import ts from 'typescript';
import { paths, routePatterns } from '../src/lib/paths.ts';

// No Node module here: the app's own tests (src/app/page-chunks.test.ts) read the routes files
// with it too, and their type check knows only the browser's globals.

/** A lazily loaded page as its feature's `routes.ts` declares it. */
export interface DeclaredPage {
  pattern: string;
  /** The page module's file, without its extension. */
  module: string;
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
 * The pages of one `routes.ts`: every object literal with a `pattern`, and its `lazy` written
 * there or in an object spread into it (a page shared by two addresses).
 */
export function declaredPages(file: string, source: string): DeclaredPage[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const objects = new Map<string, ts.ObjectLiteralExpression>();
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
        pages.push({ pattern: patternOf(pattern, file), module: new URL(module, `file://${file}`).pathname });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return pages;
}
