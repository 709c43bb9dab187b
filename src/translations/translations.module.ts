import { Module } from '@nestjs/common';
import { ComponentLookupModule } from '../components/component-lookup.module';
import { LanguagesModule } from '../languages/languages.module';
import { TranslationDiscovery } from './translation-discovery';
import { TranslationListsController } from './translation-lists.controller';
import { TranslationTargetLoader } from './translation-target.loader';
import { TranslationsController } from './translations.controller';
import { TranslationLookup } from './translation-lookup';
import { TranslationsRepository } from './translations.repository';
import { TranslationsService } from './translations.service';

@Module({
  imports: [LanguagesModule, ComponentLookupModule],
  controllers: [TranslationsController, TranslationListsController],
  providers: [
    TranslationDiscovery,
    TranslationsRepository,
    TranslationsService,
    TranslationTargetLoader,
    TranslationLookup,
  ],
  exports: [TranslationDiscovery, TranslationLookup, TranslationsService],
})
export class TranslationsModule {}
