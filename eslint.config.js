// The linter: what the type checker does not catch (unused code, promises
// left floating or passed where nothing awaits them, suspicious patterns), for
// TypeScript and Svelte. The promise rules need type information, so they run
// on the code that ships (the tests' promises are awaited by their runner).
// Formatting is Prettier's job (.prettierrc.json), so no style rules here.
import js from '@eslint/js';
import svelte from 'eslint-plugin-svelte';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'bench/results/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      // `_name` marks a value left unused on purpose (a destructured member dropped, a required parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      // The till strips control characters from text that reaches printers: patterns that name them are the point.
      'no-control-regex': 'off',
      // Style, not a defect: reported, not failed.
      'prefer-const': 'warn',
      // Globals differ per layer (Node, the browser, both): the type checker already knows which exist where.
      'no-undef': 'off',
    },
  },
  {
    // Typed rules where the code runs: a promise nobody awaits or catches loses its error (and, in the host, a
    // write the cashier was told about); a promise where a callback's result is ignored does the same.
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-renderer/**/*.ts', 'emulator/**/*.ts'],
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.main.json', './tsconfig.preload.json', './tsconfig.shared.json', './tsconfig.web.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // `let { … } = $props()` is Svelte's idiom for props, reassigned or not.
    files: ['**/*.svelte'],
    rules: { 'prefer-const': 'off' },
  },
);
