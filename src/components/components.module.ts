import { Module } from '@nestjs/common';
import { LanguagesModule } from '../languages/languages.module';
import { ProjectsModule } from '../projects/projects.module';
import { TranslationsModule } from '../translations/translations.module';
import { UnitsModule } from '../units/units.module';
import { ComponentCreationService } from './component-creation.service';
import { ComponentLookupModule } from './component-lookup.module';
import { ComponentDeletionService } from './component-deletion.service';
import { ComponentFilesController } from './component-files.controller';
import { ComponentSetupJob } from './component-setup.job';
import { ComponentTargetLoader } from './component-target.loader';
import { ComponentsController } from './components.controller';
import { ComponentsRepository } from './components.repository';
import { ComponentsService } from './components.service';
import { ProjectComponentsController } from './project-components.controller';
import { RepositorySettings } from './repository-settings';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';

@Module({
  imports: [ProjectsModule, TranslationsModule, UnitsModule, LanguagesModule, ComponentLookupModule, WorkingCopiesModule],
  controllers: [ComponentsController, ProjectComponentsController, ComponentFilesController],
  providers: [
    ComponentsRepository, ComponentsService, RepositorySettings, ComponentTargetLoader, ComponentCreationService, ComponentSetupJob, ComponentDeletionService,
  ],
  exports: [ComponentLookupModule, ComponentsService, ComponentCreationService, ComponentDeletionService],
})
export class ComponentsModule {}
