// @ts-check
import eslint from '@eslint/js';
import tseslint from 'typescript-eslint';

/**
 * Lint: the recommended rules, and the type-aware ones that catch what the compiler does not — a promise nobody
 * awaits, an async callback where a void one is expected, a switch that forgets a case. Module boundaries are
 * dependency-cruiser's job (.dependency-cruiser.cjs), unused code knip's (knip.ts).
 */
/** DRF's validation messages are spelled once, in MESSAGES (src/core/validation/field-rules.ts), which clients show verbatim. */
const DRF_MESSAGES = {
  selector: [
    'Literal[value=/^(This field is required|This field may not be (blank|null)|Not a valid string|Must be a valid boolean|A valid integer is required)\\.$/]',
    'Literal[value=/^Ensure this (field has no more than|value is (greater|less) than or equal to) \\d/]',
    'TemplateElement[value.raw=/is not a valid choice/]',
  ].join(', '),
  message: 'Use MESSAGES from src/core/validation/field-rules.ts.',
};

/**
 * SQL lives in repositories (`*.repository.ts`), owned by their module; everything else asks them. Database
 * infrastructure (migrations, the migrator's lock) is the exception.
 */
const DATA_ACCESS = {
  selector: [
    "CallExpression[callee.property.name=/^(query|getRepository|createQueryBuilder)$/]",
    "CallExpression[callee.object.name='manager'][callee.property.name=/^(find|findOne|findBy|findOneBy|findAndCount|insert|update|upsert|delete|save|remove|count|countBy|exists|existsBy|increment|decrement)$/]",
  ].join(', '),
  message: "Queries belong in the module's repository (*.repository.ts).",
};

export default tseslint.config(
  { ignores: ['dist/**', 'dist-bench/**', 'node_modules/**', 'data/**', 'coverage/**'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/core/validation/field-rules.ts'],
    rules: { 'no-restricted-syntax': ['error', DRF_MESSAGES] },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/**/*.repository.ts', 'src/database/**', 'src/core/validation/field-rules.ts'],
    rules: { 'no-restricted-syntax': ['error', DRF_MESSAGES, DATA_ACCESS] },
  },
  {
    files: ['src/core/validation/field-rules.ts'],
    rules: { 'no-restricted-syntax': ['error', DATA_ACCESS] },
  },
  {
    // Permissions beyond a route's policy are named rules (`*.rules.ts`, checked with allows/demand), which the
    // object-rules e2e probes; only the policy layer asks UserPermissions directly.
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts', 'src/auth/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'can', message: 'Declare an object rule (objectRule in a *.rules.ts) and check it with allows/demand.' },
        { property: 'hasSite', message: 'Declare an object rule (objectRule in a *.rules.ts) and check it with allows/demand.' },
      ],
    },
  },
  {
    // Writers escape control characters and validators refuse them: matching them is these files' purpose.
    files: ['src/formats/**', 'src/core/validation/**', 'src/vcs/url-policy.ts'],
    rules: { 'no-control-regex': 'off' },
  },
  {
    // Node scripts and tool configuration, in CommonJS.
    files: ['**/*.js', '**/*.cjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', __dirname: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
