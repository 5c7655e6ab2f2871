import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'evidence-gate-out/**', '.golden-tmp/**', '.dist-build-*/**']
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        performance: 'readonly',
        Buffer: 'readonly'
      }
    }
  },
  {
    files: ['src/**/*.ts', 'scripts/**/*.js'],
    // Spreading an array into arguments overflows the call stack once it holds ~100k values (a
    // million-row run crashed on Math.max(...points)): use maxOf/minOf from src/util/numbers.ts.
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='Math'][callee.property.name=/^(max|min)$/] > SpreadElement",
          message:
            'Math.max/min with a spread overflows the stack on large arrays: use maxOf/minOf (src/util/numbers.ts).'
        },
        {
          selector: 'CallExpression[callee.property.name=/^(fromCharCode|fromCodePoint)$/] > SpreadElement',
          message:
            'String.fromCharCode/fromCodePoint with a spread overflows the stack on long inputs: build the string in chunks.'
        }
      ]
    }
  },
  {
    // Stripping control characters from untrusted text is the point of these patterns.
    files: ['src/report/escape.ts', 'src/report/terminal.ts'],
    rules: { 'no-control-regex': 'off' }
  },
  {
    files: ['__tests__/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' }
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/action/**', 'src/index.ts'],
    rules: {
      // The pure core never talks to the runner: only src/action/ may import @actions/*.
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@actions/*'], message: 'Only src/action/ may import @actions/*.' }] }
      ]
    }
  },
  {
    // No source line over 120 characters (docs/development.md): Prettier lays out code at that width but never
    // breaks strings, comments or regular expressions, so this catches what it leaves.
    files: ['src/**/*.ts'],
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2 }] }
  }
);
