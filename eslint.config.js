// Type-aware lint for the whole workspace; Prettier owns formatting.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import boundaries of ARCHITECTURE.md: arrows run storefront|api -> contract -> domain. */
const boundary = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: forbidden.map((group) => ({ group: [group], message })) },
    ],
  },
});

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
  boundary(
    ['apps/storefront/**'],
    ['@shop/api', '@shop/api/*', '**/apps/api/**', 'drizzle-orm', 'fastify'],
    'The storefront talks to the API through the contract client only.',
  ),
  boundary(
    ['apps/api/**'],
    ['@shop/storefront', '@shop/storefront/*', '**/apps/storefront/**', 'react'],
    'The API never imports the storefront.',
  ),
);
