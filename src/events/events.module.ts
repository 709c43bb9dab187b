import { BullModule } from '@nestjs/bull';
import { DynamicModule, Global, Module, Provider } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { EventBus } from './event-bus';
import { BullEventDelivery, EVENT_QUEUE, EventDelivery, EventPoller, EventQueueProcessor, InProcessEventDelivery } from './event-delivery';
import { EventOutboxRepository } from './event-outbox.repository';

/**
 * The event backbone (ARCHITECTURE.md, "Events"): modules subscribe to the EventBus; processes that run background
 * work deliver. With REDIS_URL deliveries are Bull jobs any worker takes (the Bull connection is TasksModule's).
 */
@Global()
@Module({})
export class EventsModule {
  static forRoot(config: AppConfig, options: { workers: boolean }): DynamicModule {
    const common: Provider[] = [EventOutboxRepository, EventBus, ...(options.workers ? [EventPoller] : [])];
    if (!config.redisUrl) {
      return { module: EventsModule, providers: [...common, { provide: EventDelivery, useClass: InProcessEventDelivery }], exports: [EventBus, EventDelivery] };
    }
    return {
      module: EventsModule,
      imports: [BullModule.registerQueue({ name: EVENT_QUEUE })],
      providers: [...common, { provide: EventDelivery, useClass: BullEventDelivery }, ...(options.workers ? [EventQueueProcessor] : [])],
      exports: [EventBus, EventDelivery],
    };
  }
}
