import { Module } from '@nestjs/common';
import { LanguageDataSync } from './language-data.sync';
import { LanguagesController } from './languages.controller';
import { LanguagesRepository } from './languages.repository';
import { LanguagesService } from './languages.service';
import { LanguageCountsSource, NoTranslationsCountsSource } from './statistics-counts';

@Module({
  controllers: [LanguagesController],
  providers: [
    LanguagesRepository,
    LanguagesService,
    LanguageDataSync,
    // Swapped for a real aggregate once translations are stored.
    { provide: LanguageCountsSource, useClass: NoTranslationsCountsSource },
  ],
  exports: [LanguagesService, LanguageDataSync, LanguagesRepository],
})
export class LanguagesModule {}
