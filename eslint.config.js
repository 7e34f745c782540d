import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import noServerValueInRender from './eslint-rules/no-server-value-in-render.js'

/**
 * ESLint 9 flat config: JavaScript and TypeScript recommended rules (without
 * type information, to stay fast; `npm run typecheck` covers types) and the
 * rules of hooks.
 */
const layers = {
  routes: '~/routes/*',
  features: '~/features/*',
  integrations: '~/integrations/*',
  platform: '~/platform/*',
  components: '~/components/*',
  startup: '~/startup.server',
}

/** A layer and the layers above it, which it must not import. */
const forbidden = [
  { files: ['app/features/**'], above: ['routes', 'startup'] },
  { files: ['app/integrations/**'], above: ['routes', 'startup', 'features'] },
  { files: ['app/platform/**'], above: ['routes', 'startup', 'features', 'integrations'] },
  { files: ['app/components/**'], above: ['routes', 'startup', 'features', 'integrations'] },
  { files: ['app/lib/**'], above: ['routes', 'startup', 'features', 'integrations', 'platform', 'components'] },
]

function importBoundaries() {
  const parentRelative = { group: ['../*', '../**'], message: "Import with '~/' so the layer is visible." }
  // Forms are parsed behind the size and text guards of ~/lib/form-input.
  const paths = [
    {
      name: '@conform-to/zod/v4',
      importNames: ['parseWithZod'],
      message: "Use parseWithZod from '~/lib/form-input': it bounds the form and refuses text the database cannot store.",
    },
    {
      name: '@remix-run/react',
      importNames: ['Link', 'NavLink'],
      message: "Use Link and NavLink from '~/components/link': a plain anchor the router follows, without Remix's dozen hooks a link.",
    },
    ...['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.mjs'].map((name) => ({
      name,
      allowTypeImports: true,
      message: "Use loadPdfjs from '~/platform/pdfjs.server': imported statically, pdfjs replaces JSON and Array.prototype.push for the whole server.",
    })),
  ]
  return [
    {
      files: ['app/**/*.{ts,tsx}'],
      ignores: ['app/generated/**', 'app/lib/form-input.ts'],
      rules: { 'no-restricted-imports': ['error', { paths, patterns: [parentRelative] }] },
    },
    ...forbidden.map(({ files, above }) => ({
      files: files.map((glob) => `${glob}/*.{ts,tsx}`),
      ignores: ['app/generated/**'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            paths,
            patterns: [
              parentRelative,
              ...above.map((layer) => ({
                group: [...new Set([layers[layer], layers[layer].replace('/*', '')])],
                message: `${files[0].replace('/**', '')} sits below ${layer}: imports flow routes -> features -> platform, integrations, lib.`,
              })),
            ],
          },
        ],
      },
    })),
  ]
}

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
      'scripts/bare-remix/.out/',
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
    // The browser gets an empty module for every `.server` file: what a
    // component renders from one is undefined there (eslint-rules/).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/generated/**', 'app/**/*.server.{ts,tsx}'],
    plugins: { portal: { rules: { 'no-server-value-in-render': noServerValueInRender } } },
    rules: { 'portal/no-server-value-in-render': 'error' },
  },
  {
    // Dates and times go through app/lib/time.ts, counts through formatCount: the
    // server hands the browser what it formatted, so hydrating makes no formatter
    // (a page's first one costs a slow tablet a long task).
    files: ['app/**/*.{ts,tsx}'],
    ignores: ['app/generated/**', 'app/**/*.server.{ts,tsx}', 'app/lib/time.ts', 'app/lib/zoned-time.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='Intl']",
          message: 'Format with app/lib/time.ts (dates and times) or formatCount in app/lib/misc.ts: the browser then hydrates with the texts the server formatted.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
          message: 'Format with app/lib/time.ts (dates and times) or formatCount in app/lib/misc.ts: the browser then hydrates with the texts the server formatted.',
        },
      ],
    },
  },
  // Imports flow one way: routes -> features -> platform, integrations, lib
  // (docs/conventions.md). Each layer lists what it may not reach; a parent
  // relative import ('../') could hide a back-edge, so modules use '~/'.
  ...importBoundaries(),
  {
    // A worker's browser context is reused from test to test (playwright.config.ts), and
    // Playwright's reset between tests leaves these settings as the last test left them.
    files: ['tests/e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['grantPermissions', 'clearPermissions', 'setOffline', 'setGeolocation', 'setExtraHTTPHeaders', 'setHTTPCredentials'].map((name) => ({
          selector: `CallExpression[callee.property.name='${name}']`,
          message: `${name}() outlives the test in the reused browser context: set it as a context option with test.use(), which gives the block a context of its own.`,
        })),
      ],
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
