import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { serverModuleCycles } from './scripts/lib/server-module-cycles.mjs';

/** Imports flow one way: shared -> server, shared -> client; features do not import each other. */
/** The client's import rule; Mantine's tooltip is allowed only in the component that wraps it. */
const noServerImports = { group: ['**/server/**'], message: 'The client never imports server code.' };

// Zones on resolved paths, so a relative import (`../../projects/api/x`) is caught as well as an
// aliased one; the features are read from the folder, so a new feature is covered without an edit.
const features = fs
  .readdirSync('src/client/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** QueryClient methods whose argument names queries: a key, or filters and options (`{ queryKey }`). */
const queryClientKeyMethods = [
  'getQueryData',
  'setQueryData',
  'getQueryState',
  'getQueriesData',
  'setQueriesData',
  'ensureQueryData',
  'fetchQuery',
  'prefetchQuery',
  'invalidateQueries',
  'refetchQueries',
  'removeQueries',
  'resetQueries',
  'cancelQueries',
  'isFetching',
].join('|');

const clientZones = [
  ...features.map((name) => ({
    target: `./src/client/features/${name}`,
    from: './src/client/features',
    except: [`./${name}`],
    message: 'Features do not import each other: lift what two features share into components/ or lib/.',
  })),
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/app'],
    message: 'components/ and lib/ are below features and app.',
  },
  {
    target: './src/client/features',
    from: './src/client/app',
    message: 'app/ composes the features, not the reverse.',
  },
  { target: './src/client', from: './src/server', message: 'The client never imports server code.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**'],
              message: 'src/shared is pure: it imports neither server nor client code.',
            },
            {
              group: ['node:*', 'fs', 'path', 'react', 'react-dom'],
              message: 'src/shared has no Node or DOM imports.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'The server never imports client code.' }] },
      ],
    },
  },
  // Server modules import each other in one direction (a module graph without cycles): a lower
  // module reaches a higher one through a hook that buildApp fills, as guards and effects do.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: ['src/server/modules/**/*.test.ts', 'src/server/modules/**/test-*.ts'],
    plugins: { planport: { rules: { 'server-module-cycles': serverModuleCycles } } },
    rules: {
      'planport/server-module-cycles': 'error',
    },
  },
  // SQL lives in repositories (STYLE habit 5): services, routes, jobs and hooks call a repository function.
  {
    files: ['src/server/modules/**/*.ts'],
    ignores: [
      'src/server/modules/**/*repository.ts',
      'src/server/modules/**/*.test.ts',
      'src/server/modules/**/test-*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: "SQL only in repositories: move this query into the module's *repository.ts.",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], MemberExpression[object.name='sql']",
          message: "SQL only in repositories: move this sql expression into the module's *repository.ts.",
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [noServerImports],
          paths: [
            {
              name: '@mantine/core',
              importNames: ['Tooltip'],
              message: "components/tooltip: Mantine's tooltip built on first hover, not with every element.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/components/tooltip.tsx'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noServerImports] }],
    },
  },
  // Query keys come from the factories of lib/query-keys.ts, so every key starts with a known prefix
  // and an invalidation names keys that exist; test files may write their own.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/lib/query-keys.ts', 'src/client/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] ArrayExpression",
          message: 'Query keys come from lib/query-keys.ts (queryKeys, queryPrefixes), not array literals.',
        },
        {
          selector: `CallExpression[callee.property.name=/^(${queryClientKeyMethods})$/] > ArrayExpression.arguments`,
          message: 'Query keys come from lib/query-keys.ts (queryKeys, queryPrefixes), not array literals.',
        },
        {
          selector: "VariableDeclarator[id.name=/[kK]eys?$/] ArrayExpression[elements.0.type='Literal']",
          message: 'Query keys are declared in lib/query-keys.ts, not beside their query.',
        },
      ],
    },
  },
  // Each feature may import shared code, lib/ and components/, but not another feature or app/.
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: clientZones }] },
  },
  // Formatting is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
);
