import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { QUEUE_ROUNDS, WebhookSender } from './webhook-sender';

export const WEBHOOK_QUEUE = 'webhooks';

/** Where webhook deliveries wait for their attempts: Bull with REDIS_URL, this process otherwise. */
export abstract class WebhookQueue {
  abstract add(deliveryId: number): Promise<void>;
}

/** With REDIS_URL: one job per delivery, retried by Bull with exponential backoff (WEBHOOK_RETRY_DELAY_MS, doubled). */
@Injectable()
export class BullWebhookQueue extends WebhookQueue {
  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<{ deliveryId: number }>,
    private readonly config: AppConfig,
  ) {
    super();
  }

  async add(deliveryId: number): Promise<void> {
    await this.queue.add('deliver', { deliveryId }, {
      jobId: `webhook:${deliveryId}`,
      attempts: QUEUE_ROUNDS,
      backoff: { type: 'exponential', delay: this.config.webhookRetryDelayMs },
      removeOnComplete: true,
      removeOnFail: true,
    });
  }
}

@Processor(WEBHOOK_QUEUE)
export class WebhookQueueProcessor {
  constructor(private readonly sender: WebhookSender) {}

  @Process({ name: 'deliver', concurrency: 4 })
  async deliver(job: Job<{ deliveryId: number }>): Promise<void> {
    const outcome = await this.sender.attempt(job.data.deliveryId);
    // Thrown, so Bull tries again after its backoff.
    if (outcome !== 'done') throw new Error(`webhook delivery ${job.data.deliveryId} will be tried again`);
  }
}

/** Without REDIS_URL: the same attempts and backoff on this process's timers. */
@Injectable()
export class InProcessWebhookQueue extends WebhookQueue implements OnApplicationShutdown {
  private readonly logger = new Logger('webhooks');
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly sender: WebhookSender,
    private readonly config: AppConfig,
  ) {
    super();
  }

  add(deliveryId: number): Promise<void> {
    this.schedule(deliveryId, 0, 0);
    return Promise.resolve();
  }

  /** Deliveries still waiting are left pending; the next process resumes them (ResumeWebhookDeliveries). */
  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private schedule(deliveryId: number, attempt: number, delayMs: number, waits = 0): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.sender
        .attempt(deliveryId)
        .then((outcome) => {
          // A row not committed yet costs no attempt: the event's transaction may hold it for a whole batch. One that
          // never commits (rolled back) is waited for 30 s at most.
          if (outcome === 'not-yet' && waits < 150) this.schedule(deliveryId, attempt, 200, waits + 1);
          if (outcome === 'retry' && attempt + 1 < QUEUE_ROUNDS) this.schedule(deliveryId, attempt + 1, this.config.webhookRetryDelayMs * 2 ** attempt);
        })
        .catch((error: unknown) => this.logger.error({ deliveryId, err: error }, 'webhook delivery failed'));
    }, delayMs);
    this.timers.add(timer);
  }
}

/** In processes that run background work: deliveries a stopped process left pending are queued again. */
@Injectable()
export class ResumeWebhookDeliveries implements OnApplicationBootstrap {
  constructor(
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly queue: WebhookQueue,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const id of await this.deliveries.pendingIds()) await this.queue.add(id);
  }
}
