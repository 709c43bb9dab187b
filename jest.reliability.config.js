// `npm run test:reliability`: the suites that prove nothing is lost under concurrency, crashes, outages and restarts
// (test/reliability). They start servers, databases and Redis of their own and take minutes, so `npm test` leaves
// them out; `.ci/run` runs them after the other tests. The scale-out and rolling-restart suites spread one
// installation over several processes, which needs PostgreSQL and Redis that every process reaches: they run only
// with DATABASE_URL and REDIS_URL (as `.ci/run` gives its external run).
const base = require('./jest.config.js');

const external = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);

module.exports = {
  ...base,
  testMatch: ['<rootDir>/test/reliability/**/*.reliability-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(external ? [] : ['/scale-out[^/]*$', '/rolling-restart[^/]*$'])],
  testTimeout: 300000,
};
