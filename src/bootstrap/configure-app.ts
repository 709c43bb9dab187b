import { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import type { Express } from 'express';
import type { Logger } from 'pino';
import { AppConfig } from '../config/app-config';
import { answerClientErrorsWithDetail } from '../core/http/client-errors';
import { requestLogger } from '../core/logging/request-logger';

/** What must be applied to the app instance itself; shared by main.ts and the e2e test harness. */
export function configureApp(app: INestApplication, config: AppConfig, logger: Logger): void {
  const express = app.getHttpAdapter().getInstance() as Express;
  express.set('trust proxy', config.trustProxy);
  express.disable('x-powered-by');
  // Weblate's API sends no ETag, and hashing every body (a page of 1000 strings is about 1 MB) costs each answer
  // more than the rare conditional GET would save.
  express.disable('etag');
  answerClientErrorsWithDetail(app.getHttpServer());
  app.use(requestLogger(logger));
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Translation server API')
      .setDescription('A REST API compatible with Weblate\'s: the same paths, fields and status codes.')
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'Token wlu_…' }, 'tokenAuth')
      .addSecurityRequirements('tokenAuth')
      .build(),
  );
  SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/schema', raw: ['json'] });
}
