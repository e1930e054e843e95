// The linter: what the type checker does not catch (unused code, floating
// promises are left to review, suspicious patterns), for TypeScript and Svelte.
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
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' }],
      // Globals differ per layer (Node, the browser, both): the type checker already knows which exist where.
      'no-undef': 'off',
    },
  },
);
