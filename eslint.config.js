// npm run lint: the rules that keep the layout of docs/decisions.md ("Code layout") true as the code grows.
// No circle of imports, type imports included, is checked after these by dpdm (package.json "lint"): ESLint's no-cycle rules skip type imports.
import tseslint from 'typescript-eslint'
import checkFile from 'eslint-plugin-check-file'

const MODULE_INTERNALS = {
  regex: 'modules/[^/]+/(?!index\\.ts$)',
  message: 'Import another module only through its index.ts.',
}
const SIBLING_INTERNALS = {
  regex: '^\\.\\./[^./][^/]*/(?!index\\.ts$)',
  message: 'Import another module only through its index.ts.',
}
// From a folder inside a module (documents/risk/), ../ is the module itself: another module is ../../.
const NESTED_SIBLING_INTERNALS = {
  regex: '^\\.\\./\\.\\./[^./][^/]*/(?!index\\.ts$)',
  message: 'Import another module only through its index.ts.',
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'packages/client/dist/**', 'data/**', 'src/modules/back-office/public/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-empty-function': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  {
    // File names say what they hold, in kebab-case; a check type is <type>.check-type.ts, a module's
    // descriptor <module>.module.ts, and its parts <module>.routes|schemas|service|repository|errors.ts.
    files: ['src/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts', 'packages/back-office/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.ts': 'KEBAB_CASE' }, { ignoreMiddleExtensions: true }],
      'check-file/folder-naming-convention': ['error', { '**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Inside src/modules the role suffixes are few and fixed, so a reader finds every module's routes, check types and descriptor by name.
    files: ['src/modules/**/*.ts'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-blocklist': ['error', {
        '**/*-checks.ts': '*.check-type.ts',
        '**/*-route.ts': '*.routes.ts',
        '**/*-routes.ts': '*.routes.ts',
        '**/*-schema.ts': '*.schemas.ts',
        '**/*-service.ts': '*.service.ts',
        '**/*-repository.ts': '*.repository.ts',
        '**/*.module.ts.ts': '*.module.ts',
      }],
    },
  },
  {
    // Only src/config reads the environment: everything else gets a validated Config.
    files: ['src/**/*.ts'],
    ignores: ['src/config/**', 'src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through src/config (loadConfig), not process.env.' }],
    },
  },
  {
    // A module's files reach other modules only through their index.ts (tests may reach inside their own module).
    files: ['src/modules/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SIBLING_INTERNALS] }] },
  },
  {
    files: ['src/modules/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NESTED_SIBLING_INTERNALS] }] },
  },
  {
    files: ['src/app.ts', 'src/server.ts', 'src/worker.ts', 'src/cli/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INTERNALS] }] },
  },
  {
    // Plumbing and pure helpers know no business module.
    files: ['src/infra/**/*.ts', 'src/shared/**/*.ts', 'src/config/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/', message: 'infra/, shared/ and config/ import no module.' }] }] },
  },
  {
    // The server runs the API; operator commands are the CLI's.
    files: ['src/server.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [MODULE_INTERNALS, { regex: '^\\./cli/', message: 'server.ts imports nothing from cli/.' }] }] },
  },
)
