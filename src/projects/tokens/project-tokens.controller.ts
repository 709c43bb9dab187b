import { Body, Controller, Delete, Get, HttpCode, Param, ParseIntPipe, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../../auth/policy/policy.decorators';
import { Target } from '../../auth/policy/target';
import { NotFoundError } from '../../core/errors/domain-error';
import { UrlBuilder } from '../../core/urls/url-builder';
import { Urls } from '../../core/urls/urls.decorator';
import { Project } from '../project.entity';
import { CreateProjectTokenDto } from './create-project-token.dto';
import { ProjectTokenResponse, ProjectTokensService } from './project-tokens.service';

/**
 * Project-scoped API keys. Weblate manages these in its web interface only; here they are an API of their
 * own under the project, for the people who manage the project's access.
 */
@ApiTags('projects')
@Controller('api/projects/:project/tokens')
export class ProjectTokensController {
  constructor(private readonly tokens: ProjectTokensService) {}

  @Get()
  @RequirePermission('project.permissions', 'project')
  list(@Target() project: Project, @Urls() urls: UrlBuilder): Promise<ProjectTokenResponse[]> {
    return this.tokens.list(project, urls);
  }

  @Post()
  @RequirePermission('project.permissions', 'project')
  create(@Target() project: Project, @Body() body: CreateProjectTokenDto, @Urls() urls: UrlBuilder): Promise<ProjectTokenResponse> {
    return this.tokens.create(project, body, urls);
  }

  @Delete(':id')
  @HttpCode(204)
  @RequirePermission('project.permissions', 'project')
  async remove(
    @Target() project: Project,
    @Param('id', new ParseIntPipe({ exceptionFactory: () => new NotFoundError('Token not found.') })) id: number,
  ): Promise<void> {
    await this.tokens.remove(project, id);
  }
}
