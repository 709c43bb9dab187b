import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ViewTarget } from '../core/auth/policy.decorators';
import { Target } from '../core/auth/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import { ComponentResponse } from './component.serializer';
import { ComponentsService } from './components.service';

@ApiTags('components')
@Controller('api/projects/:project/components')
export class ProjectComponentsController {
  constructor(private readonly components: ComponentsService) {}

  /** The project's own components and those shared into it. */
  @Get()
  @ViewTarget('project')
  list(@Target() project: Project, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ComponentResponse>> {
    return this.components.list({ projectId: project.id }, page, urls);
  }
}
