/**
 * Module boundaries (ARCHITECTURE.md). `npm run lint` fails on an import that crosses one the wrong way.
 * Layers: the pure libraries (formats, vcs, checks, concurrency) know nothing of NestJS or the domain; core (HTTP
 * plumbing, errors, pagination, URLs) and the infrastructure (config, database, redis, tasks) know no domain module;
 * a domain module reaches another through its services and exported types, never its TypeORM repository.
 */
const LIBRARIES = '^src/(formats|vcs|checks|concurrency)/';
const INFRASTRUCTURE = '^src/(core|config|database|redis)/';
const NOT_DOMAIN = 'src/(core|config|database|redis|formats|vcs|checks|concurrency|bootstrap)/|src/[^/]+\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make module order matter and hide the direction of a dependency.',
      from: { path: '^src/' },
      // Type-only imports vanish from the compiled code, so they close no cycle at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'libraries-are-pure',
      severity: 'error',
      comment: 'formats, vcs, checks and concurrency are plain TypeScript: no NestJS, no TypeORM, no domain module.',
      from: { path: LIBRARIES, pathNot: '\\.spec\\.ts$' },
      to: { pathNot: [LIBRARIES, '^node_modules/(?!@nestjs|typeorm)', 'node:'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'infrastructure-knows-no-domain',
      severity: 'error',
      comment: 'core and the infrastructure serve every module; they declare interfaces the domain provides.',
      // Composition roots list every module's entities and seed data by design, as app.module.ts lists modules.
      from: { path: INFRASTRUCTURE, pathNot: ['\\.spec\\.ts$', '^src/database/(entities|migrate)\\.ts$'] },
      to: { path: '^src/', pathNot: `^(${NOT_DOMAIN})` },
    },
    {
      name: 'repositories-stay-in-their-module',
      severity: 'error',
      comment: "A module's TypeORM repository is its own; other modules call its services.",
      from: { path: '^src/([^/]+)/' },
      to: { path: '^src/([^/]+)/.*\\.repository\\.ts$', pathNot: '^src/$1/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
