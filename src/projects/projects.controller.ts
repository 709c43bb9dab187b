import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Public, RequirePermission, RequireSitePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { AcceptsUploads, uploadedFiles } from '../core/http/multipart';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { CreateProjectDto, ProjectFieldsDto } from './dto/project-fields.dto';
import { Project } from './project.entity';
import { ProjectResponse, serializeProject } from './project.serializer';
import { ProjectImport } from './project-import';
import { ProjectRemoval } from './project-removal';
import { ProjectsService } from './projects.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('projects')
@Controller('api/projects')
export class ProjectsController {
  constructor(
    private readonly projects: ProjectsService,
    private readonly removal: ProjectRemoval,
    private readonly imports: ProjectImport,
  ) {}

  /** Public and protected projects, plus the private ones the caller's teams open. */
  @Get()
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ProjectResponse>> {
    return this.projects.list(actor.permissions, page, urls);
  }

  /** With a multipart `zipfile`, the project is restored from a project backup (its name and slug from the form). */
  @Post()
  @RequireSitePermission('project.add')
  @AcceptsUploads({ files: 1, fields: 20 })
  create(@Req() req: Request, @CurrentActor() actor: Actor, @Body() body: CreateProjectDto, @Urls() urls: UrlBuilder): Promise<ProjectResponse> {
    const backup = uploadedFiles(req).zipfile;
    return backup ? this.imports.run(backup, body, actor, urls) : this.projects.create(body, actor.user, urls);
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
