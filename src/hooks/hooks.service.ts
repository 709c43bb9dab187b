import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ComponentLookup } from '../components/component-lookup';
import type { ComponentContext } from '../components/component-context';
import { NotFoundError, ParseError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { TasksService } from '../tasks/tasks.service';
import { INVALID_PAYLOAD } from './hook-body';
import { HOOK_PARSERS, HookHeaders, RepositoryPush } from './parsers';
import { RepositoryUpdatesRepository } from './repository-updates.repository';

/** What a hook answers: Weblate's status codes and body, which the services show in their delivery logs. */
export interface HookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const HOOK_WORKING: HookAnswer = { status: 201, body: { message: 'Hook working', status: 'success' } };

/**
 * Repository notifications from code-hosting services: each push updates the components whose repository it
 * names (by URL, or by the repository's full name), on the pushed branch, in projects with hooks enabled.
 */
@Injectable()
export class HooksService {
  private readonly logger = new Logger(HooksService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentLookup,
    private readonly changes: ChangesService,
    private readonly updates: RepositoryUpdatesRepository,
    private readonly tasks: TasksService,
  ) {}

  /** Throws NotFoundError for an unknown service, before its body is read. */
  assertKnownService(service: string): void {
    if (!HOOK_PARSERS.has(service)) throw new NotFoundError(`Hook ${service} not supported`);
  }

  async notify(service: string, payload: Record<string, unknown>, headers: HookHeaders, urls: UrlBuilder): Promise<HookAnswer> {
    this.assertKnownService(service);
    let push: RepositoryPush | null;
    try {
      push = HOOK_PARSERS.get(service)!(payload, headers);
    } catch (error) {
      this.logger.warn(`unreadable ${service} notification: ${(error as Error).message}`);
      throw new ParseError(INVALID_PAYLOAD);
    }
    if (push === null) return HOOK_WORKING;

    const repositoryMatches = await this.components.findRepositoryOwners(push.repoUrls, push.fullName);
    const branchMatches = repositoryMatches.filter(({ component }) => push.branch === null || component.branch === push.branch);
    const enabled = branchMatches.filter(({ project }) => project.enableHooks);
    const matchStatus = { repository_matches: repositoryMatches.length, branch_matches: branchMatches.length, enabled_hook_matches: enabled.length };
    if (enabled.length === 0) {
      return { status: 202, body: { message: 'No matching repositories found!', status: 'failure', match_status: matchStatus, updated_components: [] } };
    }
    await this.recordNotification(enabled, push);
    for (const { component } of enabled) await this.queueUpdate(component.id);
    return {
      status: 200,
      body: {
        message: `Update triggered: ${enabled.map(fullSlug).join(', ')}`,
        status: 'success',
        match_status: matchStatus,
        updated_components: enabled.map(({ project, path }) => urls.component(project.slug, path)),
      },
    };
  }

  /** The deprecated `/hooks/update/…` endpoints: the component (or every component of the project) is updated. */
  async updateComponents(contexts: ComponentContext[]): Promise<HookAnswer> {
    const owners = new Map(contexts.map((context) => [context.linked?.component.id ?? context.component.id, context]));
    for (const componentId of owners.keys()) await this.queueUpdate(componentId);
    return { status: 200, body: { message: 'Update triggered', status: 'success' } };
  }

  /** One update per working copy at a time: a notification while one waits coalesces into it. */
  private async queueUpdate(componentId: number): Promise<void> {
    if (!(await this.updates.claim(componentId))) return;
    try {
      await this.tasks.start('repository.update', { componentId });
    } catch (error) {
      await this.updates.release(componentId);
      throw error;
    }
  }

  private async recordNotification(contexts: ComponentContext[], push: RepositoryPush): Promise<void> {
    await this.dataSource.transaction((manager) =>
      this.changes.recordMany(
        manager,
        contexts.map(({ project, component }) => ({
          action: ChangeAction.Hook,
          projectId: project.id,
          componentId: component.id,
          details: { service_long_name: push.service, repo_url: push.repoUrls[0] ?? '', branch: push.branch, full_name: push.fullName },
        })),
      ),
    );
  }
}

function fullSlug({ project, path }: ComponentContext): string {
  return `${project.slug}/${path}`;
}
