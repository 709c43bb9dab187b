import { DynamicModule, Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { ComponentLookupModule } from '../components/component-lookup.module';
import { UnitsModule } from '../units/units.module';
import { AddonDispatcher } from './addon-dispatcher';
import { AddonExecution } from './addon-execution';
import { AddonRunners } from './addon-runners';
import { AddonTargetLoader } from './addon-target.loader';
import { AddonTriggerJob } from './addon-trigger.job';
import { AddonsController } from './addons.controller';
import { AddonsRepository } from './addons.repository';
import { AddonsService } from './addons.service';
import { DailyAddons, DailyAddonsTimer } from './daily-addons';

/**
 * Add-ons: the API, the `addons` consumer of the event backbone that runs them where events happen, their daily
 * runs (a timer in processes that run background work) and manual triggers (tasks).
 */
@Module({})
export class AddonsModule {
  static forRoot(options: { workers: boolean }): DynamicModule {
    return {
      module: AddonsModule,
      imports: [ChangesModule, ComponentLookupModule, UnitsModule],
      controllers: [AddonsController],
      providers: [
        AddonsRepository, AddonsService, AddonTargetLoader, AddonRunners, AddonExecution, AddonDispatcher, AddonTriggerJob, DailyAddons,
        ...(options.workers ? [DailyAddonsTimer] : []),
      ],
    };
  }
}
