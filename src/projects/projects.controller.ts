import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
import { Public, RequirePermission, RequireSitePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { CreateProjectDto, ProjectFieldsDto } from './dto/project-fields.dto';
import { Project } from './project.entity';
import { ProjectResponse, serializeProject } from './project.serializer';
import { ProjectRemoval } from './project-removal';
import { ProjectsService } from './projects.service';
import { currentUser } from '../users/current-user';

@ApiTags('projects')
@Controller('api/projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly removal: ProjectRemoval,
    private readonly permissions: PermissionService,
  ) {}

  /** Public and protected projects, plus the private ones the caller's teams open. */
  @Get()
  @Public()
  async list(@Req() req: Request, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ProjectResponse>> {
    return this.projects.list(await this.permissions.forRequest(req), page, urls);
  }

  @Post()
  @RequireSitePermission('project.add')
  create(@Req() req: Request, @Body() body: CreateProjectDto, @Urls() urls: UrlBuilder): Promise<ProjectResponse> {
    return this.projects.create(body, currentUser(req), urls);
  }

  @Get(':project')
  @ViewTarget('project')
  get(@Target() project: Project, @Urls() urls: UrlBuilder): ProjectResponse {
    return serializeProject(project, urls);
  }

  @Put(':project')
  @RequirePermission('project.edit', 'project')
  replace(@Target() project: Project, @Body() body: CreateProjectDto, @Urls() urls: UrlBuilder): Promise<ProjectResponse> {
    return this.projects.update(project, body, urls);
  }

  @Patch(':project')
  @RequirePermission('project.edit', 'project')
  update(@Target() project: Project, @Body() body: ProjectFieldsDto, @Urls() urls: UrlBuilder): Promise<ProjectResponse> {
    return this.projects.update(project, body, urls);
  }

  @Delete(':project')
  @HttpCode(204)
  @RequirePermission('project.edit', 'project')
  async remove(@Target() project: Project): Promise<void> {
    await this.removal.remove(project);
  }
}
