import { Module } from '@nestjs/common';
import { ComponentsModule } from '../components/components.module';
import { ComponentListsController } from './component-lists.controller';
import { ComponentListsRepository } from './component-lists.repository';
import { ComponentListsService } from './component-lists.service';

@Module({
  imports: [ComponentsModule],
  controllers: [ComponentListsController],
  providers: [ComponentListsRepository, ComponentListsService],
  exports: [ComponentListsService],
})
export class ComponentListsModule {}
