import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { UnitsModule } from '../units/units.module';
import { TranslationLifecycleController } from './translation-lifecycle.controller';
import { TranslationLifecycleService } from './translation-lifecycle.service';
import { TranslationsModule } from './translations.module';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';

/**
 * Adding and removing translations: apart from TranslationsModule because they scan files with the units'
 * TranslationScanner, and UnitsModule already imports TranslationsModule. Add-ons add languages through it too.
 */
@Module({
  imports: [TranslationsModule, UnitsModule, LanguagesModule, WorkingCopiesModule],
  controllers: [TranslationLifecycleController],
  providers: [TranslationLifecycleService],
  exports: [TranslationLifecycleService],
})
export class TranslationLifecycleModule {}
