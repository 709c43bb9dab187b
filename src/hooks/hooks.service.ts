import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { componentScope, projectScope } from '../auth/scopes';
import type { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ComponentLookup } from '../components/component-lookup';
import type { ComponentContext } from '../components/component-context';
import { MethodNotAllowedError, NotFoundError, ParseError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { ProjectLookup } from '../projects/project-lookup';
import { TasksService } from '../tasks/tasks.service';
import { INVALID_PAYLOAD } from './hook-body';
import { boundedPush, HOOK_PARSERS, HookHeaders, RepositoryPush } from './parsers';
import { RepositoryUpdatesRepository } from './repository-updates.repository';
import { retryingTransaction } from '../database/retrying-transaction';

/** What a hook answers: Weblate's status codes and body, which the services show in their delivery logs. */
export interface HookAnswer {
  status: number;
  body: Record<string, unknown>;
}

const HOOK_WORKING: HookAnswer = { status: 201, body: { message: 'Hook working', status: 'success' } };

/**
 * Repository notifications from code-hosting services: each push updates the components whose repository it
 * names (by URL, or by the repository's full name), on the pushed branch, in projects with hooks enabled.
 *
 * Hooks are anonymous, and the updates they start are not limited to what the caller may see (a private project's
 * own hosting service calls without a key, as in Weblate); the answers are: they name only the projects and
 * components the caller may see, and a project or component they may not see is answered as an unknown one.
 */
@Injectable()
export class HooksService {
  private readonly logger = new Logger(HooksService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly components: ComponentLookup,
    private readonly projects: ProjectLookup,
    private readonly changes: ChangesService,
    private readonly updates: RepositoryUpdatesRepository,
    private readonly tasks: TasksService,
  ) {}

  /** Throws NotFoundError for an unknown service, before its body is read. */
  assertKnownService(service: string): void {
    if (!HOOK_PARSERS.has(service)) throw new NotFoundError(`Hook ${service} not supported`);
  }

  async notify(service: string, payload: Record<string, unknown>, headers: HookHeaders, urls: UrlBuilder, permissions: UserPermissions): Promise<HookAnswer> {
    this.assertKnownService(service);
    let push: RepositoryPush | null;
    try {
      const parsed = HOOK_PARSERS.get(service)!(payload, headers);
      push = parsed && boundedPush(parsed);
    } catch (error) {
      this.logger.warn(`unreadable ${service} notification: ${(error as Error).message}`);
      throw new ParseError(INVALID_PAYLOAD);
    }
    if (push === null) return HOOK_WORKING;

    const repositoryMatches = await this.components.findRepositoryOwners(push.repoUrls, push.fullName);
    const branchMatches = repositoryMatches.filter(({ component }) => push.branch === null || component.branch === push.branch);
    const enabled = branchMatches.filter(({ project }) => project.enableHooks);
    if (enabled.length > 0) {
      await this.recordNotification(enabled, push);
      for (const group of byRepository(enabled)) await this.queueUpdate(group);
    }
    // Everything the answer says (status, counts, names) is about what the caller may see; the updates are not.
    const visible = (contexts: ComponentContext[]) => contexts.filter((context) => permissions.canSee(componentScope(context)));
    const named = visible(enabled);
    const matchStatus = { repository_matches: visible(repositoryMatches).length, branch_matches: visible(branchMatches).length, enabled_hook_matches: named.length };
    if (named.length === 0) {
      return { status: 202, body: { message: 'No matching repositories found!', status: 'failure', match_status: matchStatus, updated_components: [] } };
    }
    return {
      status: 200,
      body: {
        message: `Update triggered: ${named.map(fullSlug).join(', ')}`,
        status: 'success',
        match_status: matchStatus,
        updated_components: named.map(({ project, path }) => urls.component(project.slug, path)),
      },
    };
  }

  /** The deprecated `/hooks/update/<project>/`: every component of the project is updated. */
  async updateProject(slug: string, method: string, permissions: UserPermissions): Promise<HookAnswer> {
    const project = await this.projects.findBySlug(slug);
    if (!project) throw new NotFoundError();
    return this.updateUnlessDisabled(await this.components.findAllOfProject(project.id), project.enableHooks, permissions.canSee(projectScope(project)), method);
  }

  /** The deprecated `/hooks/update/<project>/<component>/`. */
  async updateComponent(projectSlug: string, path: string, method: string, permissions: UserPermissions): Promise<HookAnswer> {
    const context = await this.components.findByPath(projectSlug, path);
    if (!context) throw new NotFoundError();
    return this.updateUnlessDisabled([context], context.project.enableHooks, permissions.canSee(componentScope(context)), method);
  }

  /**
   * Weblate answers a project or component with hooks disabled as if the hook did not exist for it: 405. To those who
   * may not see it, it is answered as an unknown one (404) either way, once its update is queued.
   */
  private async updateUnlessDisabled(contexts: ComponentContext[], enabled: boolean, visible: boolean, method: string): Promise<HookAnswer> {
    if (enabled) {
      const owners = new Set(contexts.map((context) => context.linked?.component.id ?? context.component.id));
      for (const componentId of owners) await this.queueUpdate([componentId]);
    }
    if (!visible) throw new NotFoundError();
    if (!enabled) throw new MethodNotAllowedError(method);
    return { status: 200, body: { message: 'Update triggered', status: 'success' } };
  }

  /**
   * One update per working copy at a time: a notification while one waits coalesces into it. The working copies of
   * one repository (`componentIds`) are updated by one task, which fetches once.
   */
  private async queueUpdate(componentIds: number[]): Promise<void> {
    const claimed: number[] = [];
    for (const id of componentIds) if (await this.updates.claim(id)) claimed.push(id);
    if (claimed.length === 0) return;
    try {
      await this.tasks.start('repository.update', { componentId: claimed[0], sameRepository: claimed.slice(1) });
    } catch (error) {
      for (const id of claimed) await this.updates.release(id);
      throw error;
    }
  }

  private async recordNotification(contexts: ComponentContext[], push: RepositoryPush): Promise<void> {
    await retryingTransaction(this.dataSource, (manager) =>
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

/** The ids of the working copies' owners grouped by what they were cloned from: repository URL and branch. */
function byRepository(contexts: ComponentContext[]): number[][] {
  const groups = new Map<string, number[]>();
  for (const { component } of contexts) {
    const key = JSON.stringify([component.repo, component.branch]);
    groups.set(key, [...(groups.get(key) ?? []), component.id]);
  }
  return [...groups.values()];
}

function fullSlug({ project, path }: ComponentContext): string {
  return `${project.slug}/${path}`;
}
