// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Import direction (docs/architecture.md): routes -> features -> (offline, ui, lib) -> contract.
 *  server/ and sw/ import contract/ only, never src/. */
const restrict = (/** @type {string[]} */ groups, /** @type {string} */ message) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: groups, message }] }],
});

const envOnlyInEnvFiles = {
  'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read process.env only in env.ts.' }],
  'no-restricted-syntax': [
    'error',
    {
      selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
      message: 'Read import.meta.env only in env.ts.',
    },
  ],
};

/** String.replace reads `$&`, `` $` ``, `$'` and `$$` in a replacement string as patterns: one built
 *  from data (a member's story) copies parts of the text into itself. Only a literal or a function. */
const replacementFromData = {
  selector:
    "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type=/^(Literal|ArrowFunctionExpression|FunctionExpression)$/]):not([arguments.1.type='TemplateLiteral'][arguments.1.expressions.length=0])",
  message: 'A replacement string built from data: pass a function, or slice (server/http/built-app.ts insertBefore).',
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'node_modules/', 'data/', 'test-results/', 'playwright-report/', 'dev-dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: { ...reactHooks.configs.recommended.rules, ...envOnlyInEnvFiles },
  },
  {
    files: ['server/**/*.ts', 'sw/**/*.ts', 'contract/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: envOnlyInEnvFiles,
  },
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...envOnlyInEnvFiles['no-restricted-syntax'].slice(1), replacementFromData] },
  },
  { files: ['**/env.ts', 'server/test/**', '**/*.test.ts', '**/*.test.tsx'], rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off' } },
  { files: ['contract/**/*.ts'], rules: restrict(['../*', '!./*', 'react*', 'hono*', 'dexie', 'kysely'], 'contract/ depends on valibot only.') },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/http/sign-in-code.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '**/sw/**'], message: 'server/ imports contract/ only.' },
            // A code checked anywhere else would skip the limits on guessing.
            { group: ['**/pin-codes'], importNames: ['consumePin'], message: 'Take sign-in codes through server/http/sign-in-code.ts withSignInCode.' },
          ],
        },
      ],
    },
  },
  { files: ['server/http/sign-in-code.ts', 'server/**/*.test.ts'], rules: restrict(['**/src/**', '**/sw/**'], 'server/ imports contract/ only.') },
  { files: ['sw/**/*.ts'], rules: restrict(['**/src/**', '**/server/**'], 'sw/ imports contract/ only.') },
  {
    files: ['src/lib/**', 'src/ui/**', 'src/offline/**'],
    rules: restrict(['**/features/**', '**/routes/**', '**/app/**', '**/server/**'], 'lib, ui and offline sit below features.'),
  },
  {
    files: ['src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/routes/**', '**/app/**', '**/server/**'], message: 'Features sit below routes and app.' },
            {
              // Another feature's components/ or lib/ ("../../consent/components/x"), not src/lib ("../../../lib/x").
              regex: '^(?:\\.\\./)+(?!\\.\\.)[^/]+/(?:components|lib)/',
              message: 'Use another feature only through its api/ hooks or its exported entry.',
            },
          ],
        },
      ],
    },
  },
  { files: ['src/routes/**'], rules: restrict(['**/app/**', '**/server/**'], 'Routes compose features; app composes routes.') },
  {
    files: ['tests/**/*.ts', '*.config.ts', '*.config.js'],
    languageOptions: { globals: globals.node },
  },
);
