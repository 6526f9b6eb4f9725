// Type-aware lint for the whole workspace; Prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';

/** Import boundaries of ARCHITECTURE.md: arrows run storefront|api -> contract -> domain. */
const boundary = (files, forbidden, message, extra = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [...forbidden.map((group) => ({ group: [group], message })), ...extra] },
    ],
  },
});

const STOREFRONT_FORBIDDEN = [
  '@shop/api',
  '@shop/api/*',
  '**/apps/api/**',
  'drizzle-orm',
  'fastify',
];
const STOREFRONT_MESSAGE = 'The storefront talks to the API through the contract client only.';

/**
 * Layers inside the storefront: routes use components and lib, never each other; components and
 * lib never reach up into routes (what two routes share lives in components or lib).
 */
const NO_ROUTES = {
  regex: '^(#app/routes/|.*/routes/)',
  message: 'Routes are the top layer: move what is shared to components/ or lib/.',
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      '.data/**',
      '.tmp/**',
      'apps/api/drizzle/**',
      'bench/.work/**',
      'bench/next-app/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and hooks are async by contract, with or without an await inside.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // An import loop (review-list.tsx and review-form.tsx, issue 22) fails lint: modules that need
    // each other are one module in two files, and their load order decides what is undefined.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources are followed too (by default only .js files are).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    files: ['apps/storefront/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', 'apps/api/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  boundary(
    ['packages/domain/**'],
    ['@shop/*', 'react', 'react-dom', 'zod', 'drizzle-orm', 'fastify'],
    'The domain imports nothing: pure functions only.',
  ),
  boundary(
    ['packages/contract/**'],
    ['@shop/api', '@shop/storefront', '@shop/server', 'react', 'drizzle-orm', 'fastify'],
    'The contract depends on the domain only.',
  ),
  boundary(['apps/storefront/**'], STOREFRONT_FORBIDDEN, STOREFRONT_MESSAGE),
  boundary(
    ['apps/storefront/app/components/**', 'apps/storefront/app/lib/**'],
    STOREFRONT_FORBIDDEN,
    STOREFRONT_MESSAGE,
    [NO_ROUTES],
  ),
  boundary(['apps/storefront/app/routes/**'], STOREFRONT_FORBIDDEN, STOREFRONT_MESSAGE, [
    {
      regex: '^(#app/routes/|\\.\\./routes/|\\./(?!\\+types/))',
      message: 'A route never imports another route: move what is shared to components/ or lib/.',
    },
  ]),
  boundary(
    ['apps/api/**'],
    ['@shop/storefront', '@shop/storefront/*', '**/apps/storefront/**', 'react'],
    'The API never imports the storefront.',
  ),
  // Mails are React components rendered by react-email (decision 0050): React, not the storefront.
  boundary(
    ['apps/api/src/mail/**'],
    ['@shop/storefront', '@shop/storefront/*', '**/apps/storefront/**'],
    'The API never imports the storefront.',
  ),
);
