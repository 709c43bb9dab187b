import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { runProcess } from './bootstrap/run-process';
import { PinoNestLogger } from './core/logging/pino-logger';
import { TaskQueueProcessor } from './tasks/bull.task-runner';

runProcess('worker', async ({ config, logger, database }) => {
  if (!config.redisUrl) throw new Error('a separate worker needs REDIS_URL; without it the server runs tasks itself');
  const app = await NestFactory.createApplicationContext(AppModule.forRoot({ config, database: { url: database.url }, worker: true }), {
    logger: new PinoNestLogger(logger),
  });
  await app.init();
  logger.info('worker waiting for tasks');
  const stopIntake = async () => {
    const handedBack = await app.get(TaskQueueProcessor).stop(config.shutdownTimeoutMs);
    if (handedBack > 0) logger.warn(`${handedBack} task(s) still running after SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms) were handed back to the queue`);
  };
  return { app, stopIntake };
});
