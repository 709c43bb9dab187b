import { Module } from '@nestjs/common';
import { LanguageDataSync } from './language-data.sync';
import { LanguagesController } from './languages.controller';
import { LanguageLookup } from './language-lookup';
import { LanguagesRepository } from './languages.repository';
import { LanguagesService } from './languages.service';

@Module({
  controllers: [LanguagesController],
  providers: [
    LanguagesRepository,
    LanguageLookup,
    LanguagesService,
    LanguageDataSync,
  ],
  exports: [LanguagesService, LanguageDataSync, LanguageLookup],
})
export class LanguagesModule {}
