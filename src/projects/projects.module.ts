import { Global, Module } from '@nestjs/common';
import { TargetLoader } from '../core/auth/target';
import { ProjectTargetLoader } from './project-target.loader';
import { ProjectsController } from './projects.controller';
import { ProjectsRepository } from './projects.repository';
import { ProjectsService } from './projects.service';

/** Global for its TargetLoader, which the policy guard of every module uses. */
@Global()
@Module({
  controllers: [ProjectsController],
  providers: [ProjectsRepository, ProjectsService, { provide: TargetLoader, useClass: ProjectTargetLoader }],
  exports: [ProjectsRepository, ProjectsService, TargetLoader],
})
export class ProjectsModule {}
