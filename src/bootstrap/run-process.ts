import { INestApplicationContext } from '@nestjs/common';
import type { Logger } from 'pino';
import { AppConfig, ConfigError, loadConfig } from '../config/app-config';
import { createRootLogger } from '../core/logging/pino-logger';
import { EmbeddedPostgresError } from '../database/embedded-postgres';
import { openDatabase } from '../database/open-database';
import { boundHeapGrowth } from './heap-growth';

interface ProcessContext {
  config: AppConfig;
  logger: Logger;
  database: { url: string };
}

/** How long the stop waits for the app to close (pollers, queues, pools) once its intake stopped. */
const APP_CLOSE_WAIT_MS = 10_000;
/** How long the stop waits for the embedded PostgreSQL to report that it stopped. */
const DATABASE_STOP_WAIT_MS = 10_000;

interface StartedProcess {
  app: INestApplicationContext;
  /** Stops taking work from outside (HTTP) and waits for what was taken, before the app closes. */
  stopIntake?: (signal: NodeJS.Signals) => Promise<void>;
}

/**
 * Starts a long-running process (server or worker): validated configuration, the database (embedded when no
 * DATABASE_URL), and a clean stop on SIGINT/SIGTERM, in this order: no new work taken and the work taken finished
 * (stopIntake), then the app closed (pollers, queues, task runner, database pool), then the embedded PostgreSQL.
 * The same signal a second time ends the process at once (the handlers are `once`). Start-up failures are one
 * clear line on stderr and exit status 1.
 */
export function runProcess(name: string, start: (context: ProcessContext) => Promise<StartedProcess>): void {
  boundHeapGrowth();
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = createRootLogger(config.logLevel);
  const run = async () => {
    const database = await openDatabase(config, (line) => logger.warn(line));
    let started: StartedProcess | undefined;
    let stopping = false;
    const stop = async (signal: NodeJS.Signals) => {
      if (stopping) return;
      stopping = true;
      logger.info(`${name} stopping (${signal})`);
      await started?.stopIntake?.(signal).catch((error: unknown) => logger.error({ err: error }, 'error while stopping intake'));
      // Bounded: work cut or handed back at SHUTDOWN_TIMEOUT_MS may still hold what the close waits for.
      const closed = started?.app.close().catch((error: unknown) => logger.error({ err: error }, 'error while closing'));
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, APP_CLOSE_WAIT_MS).unref())]);
      // Ctrl-C signals the embedded PostgreSQL too: one already gone may never report that it stopped.
      const stopped = database.stop().catch((error: unknown) => logger.error({ err: error }, 'error while stopping PostgreSQL'));
      await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, DATABASE_STOP_WAIT_MS).unref())]);
      process.exit(0);
    };
    process.once('SIGINT', () => void stop('SIGINT'));
    process.once('SIGTERM', () => void stop('SIGTERM'));
    try {
      started = await start({ config, logger, database });
    } catch (error) {
      await database.stop().catch(() => undefined);
      throw error;
    }
  };
  run().catch((error: unknown) => {
    const known = error instanceof EmbeddedPostgresError || error instanceof ConfigError;
    if (!known) logger.error({ err: error }, `${name} failed to start`);
    process.stderr.write(`${name} failed to start: ${(error as Error).message?.split('\n')[0] ?? String(error)}\n`);
    process.exit(1);
  });
}
