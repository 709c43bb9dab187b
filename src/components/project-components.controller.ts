import { Body, Controller, Get, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { AcceptsUploads, uploadedFiles } from '../core/http/multipart';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import { ComponentResponse } from './component.serializer';
import { ComponentCreationService } from './component-creation.service';
import { ComponentsService } from './components.service';
import { NewComponentDto } from './dto/component-fields.dto';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('components')
@Controller('api/projects/:project/components')
export class ProjectComponentsController {
  constructor(
    private readonly components: ComponentsService,
    private readonly creation: ComponentCreationService,
  ) {}

  /** The project's own components and those shared into it. */
  @Get()
  @ViewTarget('project')
  async list(@CurrentActor() actor: Actor, @Target() project: Project, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ComponentResponse>> {
    // Restricted components (and those shared in from projects the caller cannot see) stay hidden.
    const permissions = actor.permissions;
    return this.components.list({ projectId: project.id, visibility: permissions.projectVisibility() }, page, urls, permissions);
  }

  /** Answers 201 at once; the clone and file discovery run in the task at `task_url`. */
  @Post()
  @RequirePermission('project.edit', 'project')
  @AcceptsUploads({ files: 2, fields: 60 })
  create(@Req() req: Request, @CurrentActor() actor: Actor, @Target() project: Project, @Body() body: NewComponentDto, @Urls() urls: UrlBuilder): Promise<ComponentResponse> {
    return this.creation.create(project, body, uploadedFiles(req), actor.permissions, actor.user, urls);
  }
}
