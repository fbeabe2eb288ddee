import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * Module boundaries (docs/architecture.md#front-end-layers): layers import downwards only, app → features →
 * entities, components, hooks and the shared api → lib. A feature never imports another
 * feature, nor `app/`, which composes the features (importing it back would make a cycle).
 * What several features need lives below them: their shared domain code (estimation, requests,
 * the card, guarantees, a person's name) in `entities/`, shared UI in `components/` (the
 * captcha among it) and `hooks/`, shared endpoints in `api/`; `lib/` holds only cross-cutting
 * utilities (formatting, cookies, the API client, a page's route), `config/` the paths and the
 * brand, and neither imports a layer above it. One block per folder of `src/features`,
 * read from the disk so that a new feature is covered without editing this file. Relative
 * paths are caught too: any `../` climb that lands on another feature's name (a folder inside a
 * feature named like another feature would be refused as well, a price worth paying for not
 * having to count the climbs per depth).
 */
const features = readdirSync(`${import.meta.dirname}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const crossFeatureMessage =
  'Features never import each other (docs/architecture.md#front-end-layers): move what they share to entities/ (domain ' +
  'code), components/, hooks/ or api/, and compose features in app/.';

/** An import of one of `folders` under `src/`, by alias or by any `../` climb. */
function layers(...folders) {
  return `^(@/|(\\.\\./)+)(${folders.join('|')})(/|$)`;
}

function featureBoundaries(feature) {
  const others = features.filter((other) => other !== feature);
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(others.length === 0
              ? []
              : [
                  {
                    regex: `^(@/features/|(\\.\\./)+(features/)?)(${others.join('|')})(/|$)`,
                    message: crossFeatureMessage,
                  },
                ]),
            {
              regex: '^(@/app|(\\.\\./)+app)(/|$)',
              message: 'app/ composes the features; a feature never imports it (docs/architecture.md#front-end-layers).',
            },
          ],
        },
      ],
    },
  };
}

export default defineConfig([
  globalIgnores(['dist', 'test-results', 'playwright-report', 'src/types/*.generated.ts']),
  js.configs.recommended,
  // Type-aware rules catch floating promises and unsafe `any` flowing out of fetchers,
  // which matter most in the data-fetching code this app is mostly made of.
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  {
    // No module imports itself back through others, dynamic imports included (`import()`): the
    // layers' rules below keep the layers apart, this keeps the imports inside a layer from
    // looping. Type-only imports are left out (erased from the build). The resolver follows
    // the `@/` alias as the type checker does.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // The modules it reads to follow their imports, and with which parser.
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: `${import.meta.dirname}/tsconfig.app.json` }),
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  features.map(featureBoundaries),
  {
    // The layers below the features: shared by all of them, so they import none.
    files: ['src/{api,components,hooks}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: layers('features', 'app'),
              message: 'Shared code imports no feature and not app/ (docs/architecture.md#front-end-layers).',
            },
          ],
        },
      ],
    },
  },
  {
    // Domain code: below the features and the shared UI, above lib/; of the shared endpoints,
    // only their types (an answer's shape), never a request.
    files: ['src/entities/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: layers('features', 'app', 'components', 'hooks'),
              message: 'entities/ imports lib/, i18n/, types/ and types of api/ only (docs/architecture.md#front-end-layers).',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: layers('api'),
              allowTypeImports: true,
              message: 'entities/ takes only types from api/ (docs/architecture.md#front-end-layers).',
            },
          ],
        },
      ],
    },
  },
  {
    // The bottom layer: cross-cutting utilities and the configuration (paths, the brand),
    // which know no domain and no layer above.
    files: ['src/{config,i18n,lib,types}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: layers('features', 'app', 'entities'),
              message: 'lib/ imports no feature, no entity and not app/ (docs/architecture.md#front-end-layers).',
            },
          ],
        },
      ],
    },
  },
  {
    // This file is plain JavaScript, outside every tsconfig.
    files: ['**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
