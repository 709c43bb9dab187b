import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { ComponentLookupModule } from '../components/component-lookup.module';
import { AddonTargetLoader } from './addon-target.loader';
import { AddonsController } from './addons.controller';
import { AddonsRepository } from './addons.repository';
import { AddonsService } from './addons.service';

/** Add-ons (ARCHITECTURE.md, "Add-ons"): the API, and the consumer that runs them on the events they listen to. */
@Module({
  imports: [ChangesModule, ComponentLookupModule],
  controllers: [AddonsController],
  providers: [AddonsRepository, AddonsService, AddonTargetLoader],
})
export class AddonsModule {}
