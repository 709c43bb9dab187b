import { BullModule } from '@nestjs/bull';
import { DynamicModule, Module, Provider } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { ComponentLookupModule } from '../components/component-lookup.module';
import { ComponentsModule } from '../components/components.module';
import { LanguagesModule } from '../languages/languages.module';
import { AppConfig } from '../config/app-config';
import { TranslationLifecycleModule } from '../translations/translation-lifecycle.module';
import { UnitsModule } from '../units/units.module';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';
import { AddonDispatcher } from './addon-dispatcher';
import { AddonExecution } from './addon-execution';
import { AddonReferences } from './addon-references';
import { AddonRunners } from './addon-runners';
import { AddonTargetLoader } from './addon-target.loader';
import { AddonTriggerJob } from './addon-trigger.job';
import { AddonsController } from './addons.controller';
import { AddonsRepository } from './addons.repository';
import { AddonsService } from './addons.service';
import { DailyAddons, DailyAddonsTimer } from './daily-addons';
import { ComponentDiscovery } from './discovery/component-discovery';
import { LanguageConsistency } from './language-consistency';
import { LanguageConsistencyJob } from './language-consistency.job';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { BullWebhookQueue, InProcessWebhookQueue, ResumeWebhookDeliveries, WEBHOOK_QUEUE, WebhookQueue, WebhookQueueProcessor } from './webhook-queue';
import { WebhookSender } from './webhook-sender';
import { WorkingCopyAddons } from './working-copy-addons';

/**
 * Add-ons: the API, the `addons` consumer of the event backbone that runs them where events happen, their daily
 * runs (a timer in processes that run background work), the add-ons that write files before each commit, component discovery
 * (through the components module's creation and deletion), manual triggers (tasks) and webhook deliveries (Bull jobs
 * with REDIS_URL, this process's timers otherwise; the Bull connection is TasksModule's).
 */
@Module({})
export class AddonsModule {
  static forRoot(config: AppConfig, options: { workers: boolean }): DynamicModule {
    const providers: Provider[] = [
      AddonsRepository, AddonsService, AddonReferences, AddonTargetLoader, AddonRunners, AddonExecution, AddonDispatcher, AddonTriggerJob, DailyAddons,
      WebhookDeliveriesRepository, WebhookDeliveries, WebhookSender, WorkingCopyAddons, LanguageConsistency, LanguageConsistencyJob, ComponentDiscovery,
      ...(options.workers ? [DailyAddonsTimer, ResumeWebhookDeliveries] : []),
    ];
    const common = { module: AddonsModule, controllers: [AddonsController] };
    const imports = [ChangesModule, ComponentLookupModule, ComponentsModule, LanguagesModule, TranslationLifecycleModule, UnitsModule, WorkingCopiesModule];
    if (!config.redisUrl) return { ...common, imports, providers: [...providers, { provide: WebhookQueue, useClass: InProcessWebhookQueue }] };
    return {
      ...common,
      imports: [...imports, BullModule.registerQueue({ name: WEBHOOK_QUEUE })],
      providers: [...providers, { provide: WebhookQueue, useClass: BullWebhookQueue }, ...(options.workers ? [WebhookQueueProcessor] : [])],
    };
  }
}
