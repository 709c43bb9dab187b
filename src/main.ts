import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { configureApp } from './bootstrap/configure-app';
import { trackHttpIntake } from './bootstrap/http-intake';
import { runProcess } from './bootstrap/run-process';
import { migrateAndSeed } from './database/migrate';
import { PinoNestLogger } from './core/logging/pino-logger';
import { Readiness } from './health/readiness';

runProcess('server', async ({ config, logger, database }) => {
  const app = await NestFactory.create(AppModule.forRoot({ config, database: { url: database.url } }), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureApp(app, config, logger);
  await migrateAndSeed((type) => app.get(type));
  const intake = trackHttpIntake(app.getHttpServer());
  await app.listen(config.port);
  logger.info(`listening on http://localhost:${config.port}/api/`);
  const stopIntake = async (signal: NodeJS.Signals) => {
    // SIGTERM comes from orchestrators, with a load balancer to send requests elsewhere; Ctrl-C wants a quick stop.
    if (signal === 'SIGTERM' && config.shutdownDrainMs > 0) {
      app.get(Readiness).startDraining();
      intake.drain();
      logger.info(`draining for SHUTDOWN_DRAIN_MS (${config.shutdownDrainMs} ms): /healthz answers 503, requests are still answered`);
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
    }
    const cut = await intake.stop(config.shutdownTimeoutMs);
    if (cut > 0) logger.warn(`${cut} request(s) still running after SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms) were cut`);
  };
  return { app, stopIntake };
});
