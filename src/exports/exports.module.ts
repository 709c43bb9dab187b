import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { LanguagesModule } from '../languages/languages.module';
import { TranslationsModule } from '../translations/translations.module';
import { RssController } from './rss.controller';
import { StatisticsExportController } from './statistics-export.controller';

/** Outside the API: RSS feeds of recent changes and the deprecated statistics export. */
@Module({
  imports: [ChangesModule, LanguagesModule, TranslationsModule],
  controllers: [RssController, StatisticsExportController],
})
export class ExportsModule {}
