import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';
import { RequestMetrics } from './request-metrics';
import { RequestMetricsMiddleware } from './request-metrics.middleware';

/**
 * Site-wide counts for operators (`GET /api/metrics/`), the task and event queues from the global modules, and
 * the requests every route answered (counted by RequestMetricsMiddleware).
 */
@Module({ controllers: [MetricsController], providers: [MetricsRepository, MetricsService, RequestMetrics] })
export class MetricsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(RequestMetricsMiddleware).forRoutes({ path: '*path', method: RequestMethod.ALL });
  }
}
