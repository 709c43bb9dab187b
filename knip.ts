import type { KnipConfig } from 'knip';

/** Unused files, exports and dependencies (`npm run lint`). */
const config: KnipConfig = {
  entry: [
    'src/main.ts', 'src/worker.ts', 'src/cli/main.ts', 'migrations/*.ts', 'ormconfig.ts', 'bench/run.ts',
    // Started by bench/run.ts as processes of their own: the load generator and the bare NestJS reference.
    'bench/load.ts', 'bench/bare-nest.ts', 'scripts/*.js',
    // Run by `npm run test:clients` (their own testMatch), against a running server.
    'test/clients/**/*.clients-spec.ts',
    // Run by `npm run test:reliability` (jest.reliability.config.js).
    'test/reliability/**/*.reliability-spec.ts',
  ],
  project: ['src/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'migrations/**/*.ts', 'scripts/**/*.js'],
  // The tests judge written files with the ecosystems' own tools, installed by .ci/run, not by npm.
  ignoreBinaries: ['msgfmt', 'msgmerge', 'msgunfmt', 'xmllint', 'java', 'wlc'],
  // nest-cli.json names the Nest CLI's schematics for `nest generate`; the build itself is plain tsc.
  ignoreDependencies: ['@nestjs/schematics'],
  rules: {
    // Enum members name stored values (plural sources, scopes): a value no code writes today is still one a row may hold.
    enumMembers: 'off',
  },
};

export default config;
