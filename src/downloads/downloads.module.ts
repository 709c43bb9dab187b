import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { TranslationsModule } from '../translations/translations.module';
import { UnitsModule } from '../units/units.module';
import { ComponentDownloadController, ProjectDownloadController, TranslationDownloadController } from './downloads.controller';
import { DownloadsService } from './downloads.service';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';

/** File downloads (`GET .../file/`) of translations, components and projects, from the working copies. */
@Module({
  imports: [ComponentsModule, TranslationsModule, UnitsModule, WorkingCopiesModule],
  controllers: [TranslationDownloadController, ComponentDownloadController, ProjectDownloadController],
  providers: [DownloadsService],
})
export class DownloadsModule {}
