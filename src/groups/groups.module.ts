import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { ProjectsModule } from '../projects/projects.module';
import { GroupLinksController } from './group-links.controller';
import { GroupLinksService } from './group-links.service';
import { GroupsController } from './groups.controller';
import { GroupsRepository } from './groups.repository';
import { GroupsService } from './groups.service';

@Module({
  imports: [ProjectsModule, ComponentsModule],
  controllers: [GroupsController, GroupLinksController],
  providers: [GroupsRepository, GroupsService, GroupLinksService],
  exports: [GroupsService],
})
export class GroupsModule {}
