import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/**
 * ESLint 9 flat config: JavaScript and TypeScript recommended rules (without
 * type information, to stay fast; `npm run typecheck` covers types) and the
 * rules of hooks.
 */
export default tseslint.config(
  {
    ignores: [
      'build/',
      'public/build/',
      'app/generated/',
      'data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      '.cache/',
      'tests/.tmp/',
      // Scratch files kept out of the tree (e.g. notes.tmp.ts).
      '**/*.tmp.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        // Node, for the few plain JavaScript files (remix.config.js).
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    // React code lives in app/. Elsewhere a `use…` name is not a hook
    // (tests have fixtures such as useFakeGhl()).
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    rules: {
      // `_`-prefixed names are deliberately unused (rest-destructuring to
      // drop a field, unused callback parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
)
