import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports flow one way: shared -> server, shared -> client; features do not import each other. */
/** The client's import rule; Mantine's tooltip is allowed only in the component that wraps it. */
const noServerImports = { group: ['**/server/**'], message: 'The client never imports server code.' };

const featureNames = [
  'account',
  'admin',
  'auth',
  'dashboard',
  'legal',
  'profile',
  'projects',
  'workflow',
  'tasks',
  'orders',
  'help',
  'news',
  'journal',
  'project-lists',
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
  // Each feature may import shared code, lib/ and components/, but not another feature.
  ...featureNames.map((name) => ({
    files: [`src/client/features/${name}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client never imports server code.' },
            {
              group: featureNames.filter((n) => n !== name).map((n) => `**/features/${n}/**`),
              message: 'Features do not import each other: lift what two features share into components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['src/client/components/**/*.{ts,tsx}', 'src/client/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**', '**/app/**'], message: 'components/ and lib/ are below features and app.' },
          ],
        },
      ],
    },
  },
  // Formatting is Prettier's (`npm run format`); no lint rule argues with it.
  prettier,
);
