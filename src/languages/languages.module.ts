import { Module } from '@nestjs/common';
import { LanguageDataSync } from './language-data.sync';
import { LanguagesController } from './languages.controller';
import { LanguageLookup } from './language-lookup';
import { LanguagesRepository } from './languages.repository';
import { LanguagesService } from './languages.service';
import { LanguageCountsSource, TranslationCountsSource } from './statistics-counts';

@Module({
  controllers: [LanguagesController],
  providers: [
    LanguagesRepository,
    LanguageLookup,
    LanguagesService,
    LanguageDataSync,
    { provide: LanguageCountsSource, useClass: TranslationCountsSource },
  ],
  exports: [LanguagesService, LanguageDataSync, LanguageLookup],
})
export class LanguagesModule {}
