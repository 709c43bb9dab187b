import { Module } from '@nestjs/common';
import { LanguageDataSync } from './language-data.sync';
import { LanguagesController } from './languages.controller';
import { LanguagesRepository } from './languages.repository';
import { LanguagesService } from './languages.service';

@Module({
  controllers: [LanguagesController],
  providers: [LanguagesRepository, LanguagesService, LanguageDataSync],
  exports: [LanguagesService, LanguageDataSync],
})
export class LanguagesModule {}
