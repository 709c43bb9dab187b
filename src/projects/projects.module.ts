import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { ProjectRemoval } from './project-removal';
import { ProjectTargetLoader } from './project-target.loader';
import { ProjectsController } from './projects.controller';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';
import { ProjectTokensController } from './tokens/project-tokens.controller';
import { ProjectTokensService } from './tokens/project-tokens.service';

@Module({
  imports: [UsersModule],
  controllers: [ProjectsController, ProjectTokensController],
  providers: [ProjectsRepository, ProjectsService, ProjectRemoval, ProjectTokensService, ProjectTargetLoader],
  exports: [ProjectsRepository, ProjectsService],
})
export class ProjectsModule {}
