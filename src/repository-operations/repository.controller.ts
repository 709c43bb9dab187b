import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ComponentLookup } from '../components/component-lookup';
import type { ComponentContext } from '../components/component-context';
import { RequirePermission, RequireRepositoryOperation } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import type { TranslationContext } from '../translations/translation-context';
import { OperationResult, RepositoryOperationsService, RepositoryStatusResponse } from './repository-operations.service';

interface OperationBody {
  operation: string;
}

/** `…/repository/` of translations, components and projects: status (GET) and operations (POST `{"operation": …}`). */
@ApiTags('repository')
@Controller('api')
export class RepositoryController {
  constructor(
    private readonly operations: RepositoryOperationsService,
    private readonly components: ComponentLookup,
  ) {}

  @Get('components/:project/:component/repository')
  @RequirePermission('vcs.view', 'component')
  status(@Target() context: ComponentContext, @Urls() urls: UrlBuilder): Promise<RepositoryStatusResponse> {
    return this.operations.status(context, urls.componentPart(context.project.slug, context.path, 'repository'));
  }

  @Post('components/:project/:component/repository')
  @HttpCode(200)
  @RequireRepositoryOperation('component')
  operate(@Target() context: ComponentContext, @Body() body: OperationBody, @Urls() urls: UrlBuilder): Promise<OperationResult> {
    return this.operations.operate(context, body.operation, { urls });
  }

  /** A translation's file lives in its component's repository: status and operations are the component's. */
  @Get('translations/:project/:component/:language/repository')
  @RequirePermission('vcs.view', 'translation')
  translationStatus(@Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<RepositoryStatusResponse> {
    const { component, translation } = context;
    return this.operations.status(component, urls.translationPart(component.project.slug, component.path, translation.languageCode, 'repository'));
  }

  @Post('translations/:project/:component/:language/repository')
  @HttpCode(200)
  @RequireRepositoryOperation('translation')
  translationOperate(@Target() context: TranslationContext, @Body() body: OperationBody, @Urls() urls: UrlBuilder): Promise<OperationResult> {
    return this.operations.operate(context.component, body.operation, { urls });
  }

  /** The project's overall state: each flag is true when it is for any of its repositories. */
  @Get('projects/:project/repository')
  @RequirePermission('vcs.view', 'project')
  async projectStatus(@Target() project: Project, @Urls() urls: UrlBuilder) {
    const statuses = await Promise.all((await this.owners(project)).map((context) => this.operations.status(context, '')));
    return {
      needs_commit: statuses.some((s) => s.needs_commit),
      needs_merge: statuses.some((s) => s.needs_merge),
      needs_push: statuses.some((s) => s.needs_push),
      url: urls.projectPart(project.slug, 'repository'),
    };
  }

  /** Runs the operation on each repository of the project, one after the other; the result is true if all succeed. */
  @Post('projects/:project/repository')
  @HttpCode(200)
  @RequireRepositoryOperation('project')
  async projectOperate(@Target() project: Project, @Body() body: OperationBody, @Urls() urls: UrlBuilder): Promise<OperationResult> {
    const results: OperationResult[] = [];
    for (const context of await this.owners(project)) results.push(await this.operations.operate(context, body.operation, { urls }));
    const details = results.map((result) => result.detail).filter(Boolean);
    return { result: results.every((result) => result.result), ...(details.length ? { detail: details.join('\n') } : {}) };
  }

  /** Components of the project that own a working copy (linked ones share their parent's). */
  private async owners(project: Project): Promise<ComponentContext[]> {
    const contexts = await this.components.findAllOfProject(project.id);
    return contexts.filter((context) => !context.linked && context.project.id === project.id);
  }
}
