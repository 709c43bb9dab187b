import { Module } from '@nestjs/common';
import { ChangesModule } from '../changes/changes.module';
import { ComponentsModule } from '../components/components.module';
import { ProjectsModule } from '../projects/projects.module';
import { RepositoryOperationsModule } from '../repository-operations/repository-operations.module';
import { HookAdmission } from './hook-admission';
import { HooksController } from './hooks.controller';
import { HooksService } from './hooks.service';
import { RepositoryUpdateJob } from './repository-update.job';
import { RepositoryUpdatesRepository } from './repository-updates.repository';

/** Repository notifications from code-hosting services, and the background update they trigger. */
@Module({
  imports: [ChangesModule, ComponentsModule, ProjectsModule, RepositoryOperationsModule],
  controllers: [HooksController],
  providers: [HookAdmission, HooksService, RepositoryUpdateJob, RepositoryUpdatesRepository],
})
export class HooksModule {}
