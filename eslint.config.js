// Lint rules: typescript-eslint's recommended set, React's hooks rules, and the boundaries of the layout
// (docs/architecture.md): the browser, the server and the shared code import only what they may.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'test-results', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'no-duplicate-imports': ['error', { allowSeparateTypeImports: true }],
    },
  },
  // The boundaries. Each block lists what its files may not import; later blocks narrow earlier ones.
  restrict(
    ['src/shared/**'],
    [{ regex: '^#(server|web|tests)/', message: 'src/shared is imported by the browser and the server; it imports neither.' }],
  ),
  restrict(['src/web/**'], [{ regex: '^#server/', message: 'The browser never imports server code; share types through src/shared.' }]),
  restrict(
    ['src/web/features/**'],
    [
      { regex: '^#server/', message: 'The browser never imports server code; share types through src/shared.' },
      { regex: '^#web/features/[^/]+/', message: 'Use another feature through its index (#web/features/<name>), not its insides.' },
      { regex: '^#web/routes/', message: 'Pages use features, not the other way round.' },
    ],
  ),
  restrict(
    ['src/server/**'],
    [
      { regex: '^#web/', message: 'The server never imports browser code; share types through src/shared.' },
      {
        regex: '^#server/modules/[^/]+/.+\\.routes$',
        message: 'Routes are mounted by app.ts only; share the function through a service or repository.',
      },
      {
        regex: '^#server/modules/admin/',
        message: 'Nothing depends on the admin module; move what you need out of it (docs/architecture.md).',
      },
    ],
  ),
  restrict(
    ['src/server/db/**', 'src/server/infra/**', 'src/server/http/**', 'src/server/engines/**'],
    [
      { regex: '^#web/', message: 'The server never imports browser code; share types through src/shared.' },
      { regex: '^#server/modules/', message: 'db/, infra/, http/ and engines/ sit below the feature modules and never import them.' },
    ],
  ),
  // app.ts and the admin module itself may use admin's files.
  restrict(
    ['src/server/modules/admin/**'],
    [
      { regex: '^#web/', message: 'The server never imports browser code; share types through src/shared.' },
      {
        regex: '^#server/modules/[^/]+/.+\\.routes$',
        message: 'Routes are mounted by app.ts only; share the function through a service or repository.',
      },
    ],
  ),
  { files: ['src/server/app.ts', 'src/server/worker.ts', 'src/server/main.ts'], rules: { 'no-restricted-imports': 'off' } },
  // Routes parse, guard, call a service or repository and shape the answer; queries live in repositories.
  {
    files: ['src/server/**/*.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|transaction)$/]',
          message: "A routes file does not query the database: put the query in the module's repository (and the rule in a service).",
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: "A routes file does not query the database: put the query in the module's repository.",
        },
      ],
    },
  },
);

/** A no-restricted-imports rule for some files (type-only imports count too); patterns are regular expressions on the specifier. */
function restrict(files, patterns) {
  return { files, rules: { 'no-restricted-imports': ['error', { patterns }] } };
}
