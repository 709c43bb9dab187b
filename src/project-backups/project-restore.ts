import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, posix } from 'node:path';
import { DataSource } from 'typeorm';
import type { Actor } from '../auth/policy/current-actor';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { ComponentCreationService } from '../components/component-creation.service';
import { NewComponentDto } from '../components/dto/component-fields.dto';
import { extractZipUpload } from '../components/zip-upload';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import type { UploadedFile } from '../core/http/multipart';
import type { UrlBuilder } from '../core/urls/url-builder';
import { CreateLabelDto } from '../labels/dto/create-label.dto';
import { LabelsService } from '../labels/labels.service';
import { CreateProjectDto } from '../projects/dto/project-fields.dto';
import { ProjectImport } from '../projects/project-import';
import { ProjectLookup } from '../projects/project-lookup';
import { ProjectRemoval } from '../projects/project-removal';
import { ProjectResponse } from '../projects/project.serializer';
import { ProjectsService } from '../projects/projects.service';
import { BACKUP_JSON, BackupJson, COMPONENTS_PREFIX, ComponentJson, PROJECT_FIELDS, VCS_PREFIX } from './project-backup-format';

const FIELD = 'zipfile';
const INTERNAL_SCHEME = 'weblate://';

/**
 * A new project from a project backup (`POST /api/projects/` with `zipfile`, name and slug): its settings and labels,
 * and each component with its settings and working copy, set up by the usual task (which reads the files). The
 * archive is checked whole before anything is created: every JSON file, every setting (as a creation request would
 * be), every path. What a backup does not hold is not restored: history, comments, suggestions, screenshots, memory.
 */
@Injectable()
export class ProjectRestore implements OnModuleInit {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly imports: ProjectImport,
    private readonly projectsService: ProjectsService,
    private readonly projects: ProjectLookup,
    private readonly removal: ProjectRemoval,
    private readonly labels: LabelsService,
    private readonly creation: ComponentCreationService,
    private readonly changes: ChangesService,
  ) {}

  onModuleInit(): void {
    this.imports.register((backup, fields, actor, urls) => this.restore(backup, fields, actor, urls));
  }

  async restore(backup: UploadedFile, fields: CreateProjectDto, actor: Actor, urls: UrlBuilder): Promise<ProjectResponse> {
    await mkdir(join(this.config.dataDir, 'tmp'), { recursive: true });
    const staging = await mkdtemp(join(this.config.dataDir, 'tmp', 'project-restore-'));
    try {
      await extractZipUpload(backup.path, staging, 4 * this.config.uploadMaxBytes, FIELD, archivePath);
      const data = await readJson<BackupJson>(staging, BACKUP_JSON);
      if (!data.project || typeof data.project !== 'object' || !Array.isArray(data.labels ?? [])) throw refuse(`${BACKUP_JSON} is not a project backup.`);
      const settings = await validated(CreateProjectDto, { ...pickSettings(data.project), name: fields.name, slug: fields.slug });
      const labels = await Promise.all((data.labels ?? []).map((label) => validated(CreateLabelDto, label)));
      const components = await this.readComponents(staging, String(data.project.slug ?? ''), fields.slug);

      const response = await this.projectsService.create(settings, actor.user, urls);
      const project = (await this.projects.findBySlug(response.slug))!;
      try {
        for (const label of labels) await this.labels.create(project, label);
        for (const { fields: component, vcs } of components) {
          await this.creation.restore(project, component, actor.permissions, actor.user, vcs ? (dir) => cp(vcs, dir, { recursive: true, verbatimSymlinks: true }) : null).catch((error: unknown) => {
            // A setting only the server can judge (a repository URL it may not reach): the component is named.
            throw error instanceof ValidationError ? refuse(`Component ${component.slug}: ${error.errors.map((problem) => problem.detail).join(' ')}`) : error;
          });
        }
        await this.dataSource.transaction((manager) => this.changes.record(manager, { action: ChangeAction.ProjectRestore, projectId: project.id, userId: actor.user.id, authorId: actor.user.id }));
      } catch (error) {
        // All or nothing: the project goes again with what was made of it.
        await this.removal.remove(project);
        throw error;
      }
      return response;
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /**
   * Every `components/<slug>.json`, validated, with the directory of its working copy when the backup has one. Links
   * to components of the backed-up project point into the new one, and come after the components they link to.
   */
  private async readComponents(staging: string, oldSlug: string, newSlug: string): Promise<{ fields: NewComponentDto; vcs: string | null }[]> {
    const names = (await readdir(join(staging, COMPONENTS_PREFIX)).catch(() => [])).filter((name) => name.endsWith('.json'));
    const components = [];
    for (const name of names) {
      const { component } = await readJson<ComponentJson>(staging, `${COMPONENTS_PREFIX}${name}`);
      if (!component || typeof component !== 'object') throw refuse(`${COMPONENTS_PREFIX}${name} is not a component backup.`);
      const repo = typeof component.repo === 'string' && component.repo.startsWith(`${INTERNAL_SCHEME}${oldSlug}/`) ? `${INTERNAL_SCHEME}${newSlug}/${component.repo.slice(INTERNAL_SCHEME.length + oldSlug.length + 1)}` : component.repo;
      const fields = await validated(NewComponentDto, { ...component, repo });
      const vcs = join(staging, VCS_PREFIX, String(fields.slug));
      components.push({ fields, vcs: (await stat(vcs).catch(() => null))?.isDirectory() ? vcs : null });
    }
    const linked = (component: { fields: NewComponentDto }) => Number(String(component.fields.repo).startsWith(INTERNAL_SCHEME));
    return components.sort((a, b) => linked(a) - linked(b));
  }
}

/** Archive paths: anything inside the archive (`.git` included: the working copies' history), nothing outside it. */
function archivePath(name: string): string | null {
  if (name.includes('\0') || /^[\\/]/.test(name) || /^[a-zA-Z]:/.test(name) || name.split(/[\\/]/).includes('..')) return null;
  const path = posix.normalize(name.replace(/\\/g, '/'));
  return path === '.' ? null : path;
}

function pickSettings(project: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(PROJECT_FIELDS.filter((key) => project[key] !== undefined && project[key] !== null).map((key) => [key, project[key]]));
}

async function readJson<T>(dir: string, name: string): Promise<Partial<T>> {
  try {
    return JSON.parse(await readFile(join(dir, name), 'utf8')) as Partial<T>;
  } catch (error) {
    throw refuse(`The backup's ${name} is missing or not valid JSON: ${(error as Error).message}`);
  }
}

/** The backup's settings checked as a request's body would be; problems are reported on `zipfile`. */
async function validated<T extends object>(type: new () => T, plain: unknown): Promise<T> {
  const instance = plainToInstance(type, plain);
  const errors = await validate(instance, { whitelist: true, forbidUnknownValues: false });
  if (errors.length > 0) {
    throw refuse(`The backup holds an invalid setting: ${errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join(' ')}`).join('; ')}`);
  }
  return instance;
}

function refuse(detail: string): ValidationError {
  return ValidationError.field(FIELD, detail);
}
