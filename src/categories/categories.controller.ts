import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated, Public, RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import { CategoriesService } from './categories.service';
import type { CategoryRow } from './category-row';
import { categoryProject, CategoryResponse, serializeCategory } from './category.serializer';
import { CategoryFieldsDto, CreateCategoryDto } from './dto/category-fields.dto';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('categories')
@Controller('api')
export class CategoriesController {
  constructor(
    private readonly categories: CategoriesService,
  ) {}

  @Get('categories')
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<CategoryResponse>> {
    return this.categories.list({ visibility: actor.permissions.projectVisibility() }, page, urls);
  }

  /** The project comes in the body, so its project.edit check happens in the service. */
  @Post('categories')
  @Authenticated()
  async create(@CurrentActor() actor: Actor, @Body() body: CreateCategoryDto, @Urls() urls: UrlBuilder): Promise<CategoryResponse> {
    return this.categories.create(body, actor.permissions, urls);
  }

  @Get('categories/:id')
  @ViewTarget('category')
  get(@Target() row: CategoryRow, @Urls() urls: UrlBuilder): CategoryResponse {
    return serializeCategory(row.category, categoryProject(row), urls);
  }

  @Put('categories/:id')
  @RequirePermission('project.edit', 'category')
  replace(@Target() row: CategoryRow, @Body() body: CreateCategoryDto, @Urls() urls: UrlBuilder): Promise<CategoryResponse> {
    return this.categories.update(row, body, urls);
  }

  @Patch('categories/:id')
  @RequirePermission('project.edit', 'category')
  update(@Target() row: CategoryRow, @Body() body: CategoryFieldsDto, @Urls() urls: UrlBuilder): Promise<CategoryResponse> {
    return this.categories.update(row, body, urls);
  }

  @Delete('categories/:id')
  @HttpCode(204)
  @RequirePermission('project.edit', 'category')
  async remove(@Target() row: CategoryRow): Promise<void> {
    await this.categories.remove(row);
  }

  @Get('projects/:project/categories')
  @ViewTarget('project')
  listOfProject(@Target() project: Project, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<CategoryResponse>> {
    return this.categories.list({ projectId: project.id }, page, urls);
  }
}
