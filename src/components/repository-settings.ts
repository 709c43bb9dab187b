import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { PermissionScope, UserPermissions } from '../auth/user-permissions';
import { AppConfig } from '../config/app-config';
import type { Project } from '../projects/project.entity';
import { ValidationError } from '../core/errors/domain-error';
import { checkRepositoryUrl } from '../vcs/url-policy';
import { VcsError } from '../vcs/vcs-error';
import { Component } from './component.entity';
import { INTERNAL_SCHEME } from './component-defaults';
import { ComponentLookup } from './component-lookup';
import { ComponentsRepository } from './components.repository';
import type { ComponentContext } from './component-context';
import { ComponentFieldsDto } from './dto/component-fields.dto';
import { componentScope } from '../auth/scopes';
import { allows } from '../auth/policy/object-rules';
import { COMPONENT_RULES } from './component.rules';

/** The settings that belong to the component owning a working copy; a linked component shares its owner's. */
const OWNER_SETTINGS = ['repo', 'branch', 'push'] as const;

/** The repository columns a PATCH or PUT writes: changed settings, and whose working copy a new `repo` uses. */
export type RepositoryChange = Partial<Pick<Component, (typeof OWNER_SETTINGS)[number] | 'linkedComponentId'>>;

/**
 * The one place repository settings are checked, on creation and on every PATCH and PUT: a URL goes through
 * the installation's URL policy (no local paths or internal hosts unless allowed), and a `weblate://` link
 * needs `component.edit` on the component whose working copy it would share, as in Weblate: sharing a
 * working copy lets the new component write files into it and push them with the owner's credentials.
 */
@Injectable()
export class RepositorySettings {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly components: ComponentLookup,
    private readonly store: ComponentsRepository,
  ) {}

  async checkRepoUrl(repo: string): Promise<void> {
    await this.checkUrl('repo', repo);
  }

  /**
   * A push URL is held to the same policy as the repository URL (pushing to an internal host leaks as much as
   * cloning from one); a component without a remote has nothing to push, as Weblate's clean_repo says.
   */
  async checkPushUrl(push: string, vcs: string): Promise<void> {
    if (vcs === 'local') throw ValidationError.field('push', 'Push URL is not used without a remote repository.');
    await this.checkUrl('push', push);
  }

  /** `weblate://project/path` must name a component the caller can see and edit; chains collapse to the owner. */
  async resolveLinkTarget(repo: string, permissions: UserPermissions): Promise<ComponentContext> {
    const [projectSlug, ...path] = repo.slice(INTERNAL_SCHEME.length).split('/').filter(Boolean);
    const target = projectSlug && path.length ? await this.components.findByPath(projectSlug, path.join('/')) : null;
    const scope = target && componentScope(target);
    if (!target || !scope || !permissions.canSee(scope)) {
      throw ValidationError.field('repo', 'The internal URL does not point to an existing component.', 'does_not_exist');
    }
    if (!mayUseRepository(permissions, scope)) {
      throw ValidationError.field('repo', 'You do not have permission to use the repository of this component.', 'permission_denied');
    }
    if (!target.linked) return target;
    return (await this.components.findById(target.linked.component.id))!;
  }

  /**
   * The component whose working copy a new component with this repository URL shares instead of cloning its own
   * (Weblate's auto-share): the oldest of the project's with that URL that the caller could link by hand, by the
   * rule of `weblate://` links. Sharing one they could not would show them its unpushed commits and let them reset it.
   */
  async autoshareOwner(manager: EntityManager, project: Pick<Project, 'id' | 'accessControl'>, repo: string, permissions: UserPermissions): Promise<Component | null> {
    const candidates = await this.store.findSharingCandidates(manager, project.id, repo);
    return candidates.find((component) => mayUseRepository(permissions, componentScope({ project, component }))) ?? null;
  }

  /**
   * The repository settings a PATCH or PUT asks for, checked: a linked component's `repo`, `branch` and `push`
   * are its owner's and cannot change here; a new `repo` is checked as on creation.
   */
  async checkChange(context: ComponentContext, fields: ComponentFieldsDto, permissions: UserPermissions): Promise<RepositoryChange> {
    const { component } = context;
    // The API shows a linked component with its owner's settings, so a client sending back what it read is no change.
    const current = (field: (typeof OWNER_SETTINGS)[number]) => [component[field], context.linked?.component[field]];
    const changed = OWNER_SETTINGS.filter((field) => fields[field] !== undefined && !current(field).includes(fields[field]));
    if (context.linked && changed.length > 0) {
      const owner = `${INTERNAL_SCHEME}${context.linked.projectSlug}/${context.linked.path}`;
      throw new ValidationError(changed.map((attr) => ({
        code: 'invalid', attr, detail: `This component uses the repository of ${owner}; change the repository settings there.`,
      })));
    }
    const change: RepositoryChange = Object.fromEntries(changed.map((field) => [field, fields[field]]));
    if (change.push) await this.checkPushUrl(change.push, fields.vcs ?? component.vcs);
    if (change.repo === undefined) return change;
    if (!change.repo.startsWith(INTERNAL_SCHEME)) {
      await this.checkRepoUrl(change.repo);
      return change;
    }
    const owner = await this.resolveLinkTarget(change.repo, permissions);
    if (owner.component.id === component.id) throw ValidationError.field('repo', 'A component can not use its own repository through a link.');
    if (await this.store.hasLinkedComponents(component.id)) {
      throw ValidationError.field('repo', 'Other components use the repository of this component; it can not use another one.');
    }
    return { ...change, repo: linkUrl(owner), linkedComponentId: owner.component.id };
  }

  private async checkUrl(field: 'repo' | 'push', url: string): Promise<void> {
    try {
      await checkRepositoryUrl(url, { allowedSchemes: this.config.vcsAllowedSchemes, blockPrivateHosts: this.config.vcsBlockPrivateHosts });
    } catch (error) {
      if (error instanceof VcsError) throw ValidationError.field(field, field === 'push' ? error.message.replace(/^Repository URL/, 'Push URL') : error.message);
      throw error;
    }
  }
}

/** Whether the caller may share the working copy of the component: they see it and may edit it. */
function mayUseRepository(permissions: UserPermissions, scope: PermissionScope): boolean {
  return permissions.canSee(scope) && allows(permissions, COMPONENT_RULES.useRepository, scope);
}

/** The internal URL of a component's working copy, as Weblate writes it. */
export function linkUrl(owner: Pick<ComponentContext, 'project' | 'path'>): string {
  return `${INTERNAL_SCHEME}${owner.project.slug}/${owner.path}`;
}

