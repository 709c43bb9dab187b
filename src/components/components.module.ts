import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { ComponentTargetLoader } from './component-target.loader';
import { ComponentsController } from './components.controller';
import { ComponentsRepository } from './components.repository';
import { ComponentsService } from './components.service';
import { ProjectComponentsController } from './project-components.controller';

@Module({
  imports: [ProjectsModule],
  controllers: [ComponentsController, ProjectComponentsController],
  providers: [ComponentsRepository, ComponentsService, ComponentTargetLoader],
  exports: [ComponentsRepository, ComponentsService],
})
export class ComponentsModule {}
