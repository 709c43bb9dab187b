import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EVENT_QUEUE, EventDelivery } from '../events/event-delivery';
import { TASK_QUEUE } from '../tasks/jobs';
import { TasksService } from '../tasks/tasks.service';
import { MetricsRepository, SiteCounts } from './metrics.repository';
import { renderOpenMetrics } from './openmetrics';
import { RequestMetrics } from './request-metrics';

/** Weblate's Metrics object; `celery_queues` names this server's Bull queues. */
export interface MetricsResponse extends SiteCounts {
  configuration_errors: number;
  celery_queues: Record<string, number>;
  name: string;
}

@Injectable()
export class MetricsService {
  constructor(
    private readonly repository: MetricsRepository,
    private readonly tasks: TasksService,
    private readonly events: EventDelivery,
    private readonly requests: RequestMetrics,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  async metrics(): Promise<MetricsResponse> {
    const [counts, tasks, events] = await Promise.all([this.repository.counts(), this.tasks.backlog(), this.events.backlog()]);
    return {
      ...counts,
      // Weblate records problems of its own setup (Celery, caches) as configuration errors; this server refuses
      // to start on a bad configuration instead (src/config/env.schema.ts), so it has none to report.
      configuration_errors: 0,
      celery_queues: { [TASK_QUEUE]: tasks, [EVENT_QUEUE]: events },
      name: this.config.siteTitle,
    };
  }

  async openMetrics(): Promise<string> {
    const [metrics, requests] = await Promise.all([this.metrics(), this.requests.totals()]);
    return renderOpenMetrics(metrics, requests);
  }
}
