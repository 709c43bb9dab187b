import { Module } from '@nestjs/common';
import { ComponentsRepository } from '../components/components.repository';
import { LanguagesModule } from '../languages/languages.module';
import { TranslationDiscovery } from './translation-discovery';
import { TranslationListsController } from './translation-lists.controller';
import { TranslationTargetLoader } from './translation-target.loader';
import { TranslationsController } from './translations.controller';
import { TranslationsRepository } from './translations.repository';
import { TranslationsService } from './translations.service';

@Module({
  imports: [LanguagesModule],
  controllers: [TranslationsController, TranslationListsController],
  providers: [
    TranslationDiscovery,
    TranslationsRepository,
    TranslationsService,
    TranslationTargetLoader,
    // ComponentsModule imports this module (for discovery), so importing it back would be a cycle. The
    // repository holds nothing but the data source, so a second instance here is equivalent.
    ComponentsRepository,
  ],
  exports: [TranslationDiscovery, TranslationsRepository, TranslationsService],
})
export class TranslationsModule {}
