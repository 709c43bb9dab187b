import { Module } from '@nestjs/common';
import { ProjectsModule } from '../projects/projects.module';
import { CategoriesController } from './categories.controller';
import { CategoriesRepository } from './categories.repository';
import { CategoriesService } from './categories.service';
import { CategoryTargetLoader } from './category-target.loader';

@Module({
  imports: [ProjectsModule],
  controllers: [CategoriesController],
  providers: [CategoriesRepository, CategoriesService, CategoryTargetLoader],
})
export class CategoriesModule {}
