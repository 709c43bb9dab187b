import { InjectQueue, Process, Processor } from '@nestjs/bull';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../config/app-config';
import { RepeatingWork } from '../core/scheduling/repeating-work';
import { EventBus } from './event-bus';

export const EVENT_QUEUE = 'events';

/** Asks for a consumer's pending events to be delivered; where that happens depends on the installation. */
export abstract class EventDelivery {
  abstract request(consumer: string): Promise<void>;

  /** Deliveries waiting or running (metrics). */
  abstract backlog(): Promise<number>;
}

/** Without REDIS_URL: delivered in this process, one run per consumer at a time. */
@Injectable()
export class InProcessEventDelivery extends EventDelivery {
  private readonly running = new Map<string, Promise<void>>();

  constructor(private readonly bus: EventBus) {
    super();
  }

  async request(consumer: string): Promise<void> {
    if (this.running.has(consumer)) return;
    const run = this.bus.deliver(consumer).then(() => undefined).finally(() => this.running.delete(consumer));
    this.running.set(consumer, run);
    await run;
  }

  async backlog(): Promise<number> {
    return this.running.size;
  }
}

/**
 * With REDIS_URL: a Bull job per consumer, taken by any worker process. The job id makes requests coalesce while
 * one waits; the cursor lock (EventBus) keeps two workers from serving one consumer at once.
 */
@Injectable()
export class BullEventDelivery extends EventDelivery {
  constructor(@InjectQueue(EVENT_QUEUE) private readonly queue: Queue<{ consumer: string }>) {
    super();
  }

  async request(consumer: string): Promise<void> {
    await this.queue.add('deliver', { consumer }, { jobId: `deliver:${consumer}`, removeOnComplete: true, removeOnFail: true });
  }

  async backlog(): Promise<number> {
    const counts = await this.queue.getJobCounts();
    return counts.waiting + counts.active + counts.delayed;
  }
}

@Processor(EVENT_QUEUE)
export class EventQueueProcessor {
  constructor(private readonly bus: EventBus) {}

  @Process({ name: 'deliver', concurrency: 2 })
  async deliver(job: Job<{ consumer: string }>): Promise<void> {
    await this.bus.deliver(job.data.consumer);
  }
}

/**
 * In processes that run background work: every EVENTS_POLL_MS, asks for each consumer's events to be delivered.
 * Polling the outbox's index is cheap, and it is what makes delivery survive anything: a restart, a lost wake-up,
 * a worker that died holding a job.
 */
@Injectable()
export class EventPoller implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('events');
  private readonly polling = new RepeatingWork(() => this.poll());

  constructor(
    private readonly bus: EventBus,
    private readonly delivery: EventDelivery,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.eventsPollMs > 0) this.polling.start(this.config.eventsPollMs);
  }

  /**
   * Before the queues and connections close (their onApplicationShutdown), so no poll is left waiting on them; the
   * deliveries under way end after their current batch.
   */
  beforeApplicationShutdown(): Promise<void> {
    this.bus.stop();
    return this.polling.stop();
  }

  private async poll(): Promise<void> {
    for (const consumer of this.bus.consumers()) {
      await this.delivery.request(consumer).catch((error: unknown) => this.logger.warn({ consumer, err: error }, 'could not deliver events'));
    }
  }
}
