import { Injectable } from '@nestjs/common';
import { MembershipService } from '../auth/membership.service';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import { User } from '../users/user.entity';
import { ProjectFieldsDto } from './dto/project-fields.dto';
import { AccessControl, Project } from './project.entity';
import { ProjectResponse, serializeProject } from './project.serializer';
import { ProjectsRepository } from './projects.repository';

const FIELD_MAP: Record<keyof ProjectFieldsDto, keyof Project> = {
  name: 'name',
  slug: 'slug',
  web: 'web',
  instructions: 'instructions',
  set_language_team: 'setLanguageTeam',
  enable_hooks: 'enableHooks',
  language_aliases: 'languageAliases',
  translation_review: 'translationReview',
  source_review: 'sourceReview',
  access_control: 'accessControl',
  check_flags: 'checkFlags',
  license: 'license',
  agreement: 'agreement',
};

@Injectable()
export class ProjectsService {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly membership: MembershipService,
    private readonly changes: ChangesService,
  ) {}

  async list(permissions: UserPermissions, request: PageRequest, urls: UrlBuilder): Promise<Page<ProjectResponse>> {
    const visibility = permissions.projectVisibility();
    const count = await this.projects.countVisible(visibility);
    return paginate(request, count, async (offset, limit) => {
      const rows = await this.projects.pageVisible(visibility, offset, limit);
      return rows.map((project) => serializeProject(project, urls));
    });
  }

  /**
   * Creates the project and, unless access is custom, its teams. A creator who is not a superuser joins
   * the Administration team, so they can manage what they made.
   */
  async create(fields: ProjectFieldsDto, creator: User, urls: UrlBuilder): Promise<ProjectResponse> {
    const project = await this.projects.transaction(async (manager) => {
      await this.assertUnique(manager, fields);
      const created = await this.projects.save(manager, toEntity(fields));
      if (created.accessControl !== AccessControl.Custom) {
        const teams = await this.membership.createProjectTeams(manager, created.id);
        if (!creator.isSuperuser) await this.membership.add(creator.id, teams.get('Administration')!, manager);
      }
      await this.changes.record(manager, { action: ChangeAction.CreateProject, projectId: created.id, userId: creator.id, authorId: creator.id });
      return created;
    });
    return serializeProject(project, urls);
  }

  async update(project: Project, fields: ProjectFieldsDto, urls: UrlBuilder): Promise<ProjectResponse> {
    const updated = await this.projects.transaction(async (manager) => {
      await this.assertUnique(manager, fields, project.id);
      const saved = await this.projects.save(manager, { ...project, ...toEntity(fields) });
      // Leaving custom access control hands the teams back to the server.
      if (saved.accessControl !== AccessControl.Custom) await this.membership.createProjectTeams(manager, saved.id);
      return saved;
    });
    return serializeProject(updated, urls);
  }

  /**
   * Its teams, group links, project keys, labels and components go with it (foreign keys cascade). The
   * working copies (`DATA_DIR/vcs/<project id>/`) go once the rows have: no new operation can find them then.
   * Components of other projects sharing one of those working copies hold a restricting foreign key: refuse
   * clearly rather than fail on it.
   */
  private async assertUnique(manager: Parameters<ProjectsRepository['conflicts']>[0], fields: ProjectFieldsDto, exceptId?: number): Promise<void> {
    const taken = await this.projects.conflicts(manager, fields, exceptId);
    if (taken.length > 0) {
      throw new ValidationError(taken.map((attr) => ({ code: 'unique', detail: `Project with this ${attr} already exists.`, attr })));
    }
  }
}

function toEntity(fields: ProjectFieldsDto): Partial<Project> {
  const entity: Record<string, unknown> = {};
  for (const [wire, property] of Object.entries(FIELD_MAP)) {
    const value = fields[wire as keyof ProjectFieldsDto];
    if (value !== undefined) entity[property] = value;
  }
  return entity as Partial<Project>;
}
