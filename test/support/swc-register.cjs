// Lets plain `node` run the TypeScript sources (the e2e tests that start the real server as a child process):
// each .ts file is compiled to CommonJS by @swc/core with the settings jest.config.js gives @swc/jest. The ESM-only
// packages load through Node's require() of ES modules (Node >= 20.19, the version package.json asks for).
const { transformSync } = require('@swc/core');
const { readFileSync } = require('node:fs');

require.extensions['.ts'] = (module, filename) => {
  const { code } = transformSync(readFileSync(filename, 'utf8'), {
    filename,
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
    sourceMaps: 'inline',
  });
  module._compile(code, filename);
};
