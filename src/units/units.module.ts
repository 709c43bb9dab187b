import { Module } from '@nestjs/common';
import { TranslationsModule } from '../translations/translations.module';
import { AutoTranslation } from './auto-translation.service';
import { PendingWriter } from './pending-writer';
import { TranslationRenderer } from './translation-renderer';
import { TranslationScanner } from './translation-scanner';
import { TranslationStatistics } from './translation-statistics.repository';
import { TranslationUnitsController } from './translation-units.controller';
import { UnitAutomation } from './unit-automation.service';
import { UnitCreationService } from './unit-creation.service';
import { UnitEditingService } from './unit-editing.service';
import { UnitImport } from './unit-import';
import { UnitTargetLoader } from './unit-target.loader';
import { UnitsController } from './units.controller';
import { UnitsRepository } from './units.repository';
import { UnitsService } from './units.service';
import { FileReplacement } from './upload/file-replacement';
import { TranslationUploadController } from './upload/translation-upload.controller';
import { TranslationUploadService } from './upload/translation-upload.service';
import { UsersModule } from '../users/users.module';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';

@Module({
  imports: [TranslationsModule, WorkingCopiesModule, UsersModule],
  controllers: [UnitsController, TranslationUnitsController, TranslationUploadController],
  providers: [PendingWriter, TranslationRenderer, TranslationScanner, TranslationStatistics, UnitImport, UnitsRepository, UnitsService, UnitEditingService, UnitCreationService, UnitTargetLoader, TranslationUploadService, FileReplacement, UnitAutomation, AutoTranslation],
  exports: [PendingWriter, TranslationRenderer, TranslationScanner, TranslationStatistics, UnitAutomation, AutoTranslation],
})
export class UnitsModule {}
