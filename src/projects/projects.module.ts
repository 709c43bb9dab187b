import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ProjectImport } from './project-import';
import { ProjectRemoval } from './project-removal';
import { ProjectRemovalRepository } from './project-removal.repository';
import { ProjectTargetLoader } from './project-target.loader';
import { ProjectsController } from './projects.controller';
import { ProjectLookup } from './project-lookup';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ProjectTokensController } from './tokens/project-tokens.controller';
import { ProjectTokensService } from './tokens/project-tokens.service';

@Module({
  imports: [UsersModule],
  controllers: [ProjectsController, ProjectTokensController],
  providers: [ProjectsRepository, ProjectRemovalRepository, ProjectLookup, ProjectsService, ProjectRemoval, ProjectTokensService, ProjectTargetLoader, ProjectImport],
  exports: [ProjectLookup, ProjectsService, ProjectImport, ProjectRemoval],
})
export class ProjectsModule {}
