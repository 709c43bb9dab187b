import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { LabelsModule } from '../labels/labels.module';
import { ProjectsModule } from '../projects/projects.module';
import { RepositoryOperationsModule } from '../repository-operations/repository-operations.module';
import { TranslationsModule } from '../translations/translations.module';
import { WorkingCopiesModule } from '../working-copies/working-copies.module';
import { ProjectBackupFiles } from './project-backup-files';
import { ProjectBackupJob } from './project-backup.job';
import { ProjectBackupsController } from './project-backups.controller';
import { ProjectRestore } from './project-restore';

/** Project backups over the API (list, start, download) and projects restored from them (registered with ProjectImport). */
@Module({
  imports: [ProjectsModule, ComponentsModule, LabelsModule, RepositoryOperationsModule, TranslationsModule, WorkingCopiesModule],
  controllers: [ProjectBackupsController],
  providers: [ProjectBackupFiles, ProjectBackupJob, ProjectRestore],
})
export class ProjectBackupsModule {}
