import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      'src/client/api/*.gen.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.jest } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/client/**/*.tsx', '__tests__/client/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // The drafter's language library is server-only: it must never reach the browser bundle.
    files: ['src/client/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'compromise', message: 'compromise is for the server drafter only' }],
          patterns: [{ group: ['compromise/*'], message: 'compromise is for the server drafter only' }],
        },
      ],
    },
  },
  { files: ['**/*.js', '**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
