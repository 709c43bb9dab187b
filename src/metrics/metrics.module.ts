import { Module } from '@nestjs/common';
import { MetricsController } from './metrics.controller';
import { MetricsRepository } from './metrics.repository';
import { MetricsService } from './metrics.service';

/** Site-wide counts for operators (`GET /api/metrics/`); the task and event queues come from the global modules. */
@Module({ controllers: [MetricsController], providers: [MetricsRepository, MetricsService] })
export class MetricsModule {}
