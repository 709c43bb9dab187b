import { Module } from '@nestjs/common';
import { MemoryModule } from '../memory/memory.module';
import { MemoryEngine } from './engines/memory.engine';
import { WeblateEngine } from './engines/weblate.engine';
import { MachineTranslation } from './machine-translation';
import { MachineryEngines } from './machinery-engines';
import { MachinerySettingsController } from './machinery-settings.controller';
import { MachinerySettingsRepository } from './machinery-settings.repository';
import { MachinerySettingsService } from './machinery-settings.service';
import { WeblateMatchesRepository } from './weblate-matches.repository';

/**
 * Machine translation: the engines (Weblate's own strings, the translation memory, LibreTranslate, DeepL, OpenAI-compatible APIs), the
 * site's and the projects' settings of them, and MachineTranslation for the modules that translate with them.
 */
@Module({
  imports: [MemoryModule],
  controllers: [MachinerySettingsController],
  providers: [WeblateMatchesRepository, WeblateEngine, MemoryEngine, MachineryEngines, MachinerySettingsRepository, MachinerySettingsService, MachineTranslation],
  exports: [MachineTranslation],
})
export class MachineryModule {}
