import { Module } from '@nestjs/common';
import { ComponentLookupModule } from '../components/component-lookup.module';
import { MachineryModule } from '../machinery/machinery.module';
import { TranslationsModule } from '../translations/translations.module';
import { UnitsModule } from '../units/units.module';
import { AutoTranslateController } from './autotranslate.controller';
import { AutoTranslateJob } from './autotranslate.job';
import { AutoTranslateService } from './autotranslate.service';

/** Automatic translation (POST …/autotranslate/): the request, and the task that fills the strings through the units module, from other components or the machinery. */
@Module({
  imports: [ComponentLookupModule, MachineryModule, TranslationsModule, UnitsModule],
  controllers: [AutoTranslateController],
  providers: [AutoTranslateService, AutoTranslateJob],
})
export class AutoTranslateModule {}
