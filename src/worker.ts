import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { runProcess } from './bootstrap/run-process';
import { PinoNestLogger } from './core/logging/pino-logger';
import { WorkerModule } from './worker.module';

runProcess('worker', async ({ config, logger, database }) => {
  if (!config.redisUrl) throw new Error('a separate worker needs REDIS_URL; without it the server runs tasks itself');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot({ config, database: { url: database.url } }), {
    logger: new PinoNestLogger(logger),
  });
  await app.init();
  logger.info('worker waiting for tasks');
  return app;
});
