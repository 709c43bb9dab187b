import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import type { Language } from '../languages/language.entity';
import { LanguageLookup } from '../languages/language-lookup';
import { Project } from '../projects/project.entity';
import { User } from '../users/user.entity';
import { TasksService } from '../tasks/tasks.service';
import { VcsError } from '../vcs/vcs-error';
import { initLocalWorkingCopy } from '../vcs/local-working-copy';
import { WorkingCopies } from '../working-copies/working-copies';
import { WorkingCopyPipeline } from '../working-copies/working-copy-pipeline';
import { readUploaded, UploadedFile, UploadedFiles } from '../core/http/multipart';
import { Component } from './component.entity';
import { defaultMessageColumns, INTERNAL_SCHEME, LOCAL_REPO } from './component-defaults';
import { extractZipUpload } from './zip-upload';
import { Filemask } from '../translations/filemask';
import { writeWorkTreeFile } from '../vcs/work-tree';
import { componentColumns } from './component-fields';
import { ComponentResponse, serializeComponent } from './component.serializer';
import { ComponentsRepository } from './components.repository';
import { ComponentLookup } from './component-lookup';
import { linkUrl, RepositorySettings } from './repository-settings';
import { assertFilemask, ComponentsService } from './components.service';
import { NewComponentDto } from './dto/component-fields.dto';
import { DocfileImport, readDocfileUpload } from './docfile-upload';
import { WEBLATE_COMMITTER } from '../working-copies/signatures';
import { MESSAGES } from '../core/validation/field-rules';
import type { Automation } from '../units/unit-automation.service';
import type { ComponentContext } from './component-context';
import { changeAuthor, type ComponentAuthor } from './component-author';

/**
 * POST /api/projects/<p>/components/: validates and stores the component, then hands the repository work
 * (clone, file discovery) to a background task whose URL the answer carries in `task_url`.
 */
@Injectable()
export class ComponentCreationService {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly components: ComponentsRepository,
    private readonly lookup: ComponentLookup,
    private readonly componentsService: ComponentsService,
    private readonly tasks: TasksService,
    private readonly workingCopies: WorkingCopies,
    private readonly pipeline: WorkingCopyPipeline,
    private readonly changes: ChangesService,
    private readonly repositorySettings: RepositorySettings,
    private readonly languages: LanguageLookup,
  ) {}

  async create(
    project: Project,
    fields: NewComponentDto,
    uploads: UploadedFiles,
    permissions: UserPermissions,
    creator: User,
    urls: UrlBuilder,
  ): Promise<ComponentResponse> {
    // Uploaded files make a component without a remote: `vcs` local, `repo` local:, as in Weblate.
    const zipfile = uploads.zipfile;
    const document = !zipfile && uploads.docfile ? await this.readDocfile(uploads.docfile, fields) : null;
    if (document) Object.assign(fields, { file_format: document.fileFormat, filemask: document.filemask, template: document.template, new_base: document.newBase });
    assertRequired(fields);
    assertFilemask(fields.filemask);
    const uploaded = Boolean(zipfile ?? document);
    const repo = uploaded ? LOCAL_REPO : fields.repo?.trim();
    if (!repo) throw ValidationError.field('repo', MESSAGES.required, 'required');
    if (fields.push) await this.repositorySettings.checkPushUrl(fields.push, uploaded ? 'local' : (fields.vcs ?? 'git'));
    const linked = repo.startsWith(INTERNAL_SCHEME) ? (await this.repositorySettings.resolveLinkTarget(repo, permissions)).component : null;
    if (!linked && !uploaded) await this.repositorySettings.checkRepoUrl(repo);

    const saved = await this.store(creator, async (manager) => {
      const autoshare = !linked && !fields.disable_autoshare && !uploaded;
      const shared = linked ?? (autoshare ? await this.repositorySettings.autoshareOwner(manager, project, repo, permissions) : null);
      return {
        ...componentColumns(fields),
        ...(uploaded ? { vcs: 'local', branch: 'main' } : {}),
        // A component sharing another's repository records the internal URL, as Weblate's auto-share does.
        repo: shared && !linked ? linkUrl((await this.lookup.hydrate([shared]))[0]) : repo,
        projectId: project.id,
        sourceLanguageId: (await this.sourceLanguage(manager, fields.source_language)).id,
        categoryId: await this.componentsService.resolveCategory(manager, project, fields.category ?? null),
        linkedComponentId: shared?.id ?? null,
      };
    });
    if (zipfile) await this.importUpload(saved, 'zipfile', (dir) => this.extractZip(zipfile.path, dir, fields.filemask!));
    if (document) await this.importUpload(saved, 'docfile', (dir) => writeFiles(dir, document.files));
    // Read before the task starts: a clone that fails at once removes the component before this answer is built,
    // and the caller still gets the component and the task_url that tells what went wrong.
    const created = (await this.lookup.findById(saved.id))!;
    created.component.taskId = await this.startSetup(saved.id);
    return serializeComponent(created, urls);
  }

  /**
   * A component an add-on found in the working copy of `owner` (weblate.discovery.discovery): it shares that working
   * copy, as a `weblate://` link does, with `columns` (name, slug, file mask, format, the settings it copies), and is
   * set up by the same background task. Returns its id.
   */
  async createLinked(owner: ComponentContext, columns: Partial<Component>, by: Automation): Promise<number> {
    assertFilemask(columns.filemask ?? '');
    const saved = await this.store(by, () => Promise.resolve({
      ...columns,
      repo: linkUrl(owner),
      projectId: owner.project.id,
      categoryId: owner.component.categoryId,
      sourceLanguageId: owner.component.sourceLanguageId,
      linkedComponentId: owner.component.id,
    }));
    await this.startSetup(saved.id);
    return saved.id;
  }

  /**
   * A component of a project backup, created with the checks of a creation request: its working copy is written by
   * `writeWorkingCopy` (the backup's `vcs/<slug>/`) rather than cloned, and the setup task then finds its files. A
   * `weblate://` link attaches to the component it names, as at creation. Returns its id.
   */
  async restore(project: Project, fields: NewComponentDto, permissions: UserPermissions, creator: User, writeWorkingCopy: ((dir: string) => Promise<void>) | null): Promise<number> {
    assertRequired(fields);
    assertFilemask(fields.filemask);
    const repo = fields.repo!.trim();
    const linked = repo.startsWith(INTERNAL_SCHEME) ? (await this.repositorySettings.resolveLinkTarget(repo, permissions)).component : null;
    if (!linked && repo !== LOCAL_REPO) await this.repositorySettings.checkRepoUrl(repo);
    if (fields.push) await this.repositorySettings.checkPushUrl(fields.push, fields.vcs ?? 'git');
    const saved = await this.store(creator, async (manager) => ({
      ...componentColumns(fields),
      repo,
      projectId: project.id,
      sourceLanguageId: (await this.sourceLanguage(manager, fields.source_language)).id,
      categoryId: null,
      linkedComponentId: linked?.id ?? null,
    }));
    const restored = !linked && writeWorkingCopy !== null;
    if (restored) {
      try {
        await writeWorkingCopy(this.workingCopies.dirOf(saved));
      } catch (error) {
        await this.components.delete(saved.id);
        await this.workingCopies.remove(saved);
        throw error;
      }
    }
    await this.startSetup(saved.id, restored);
    return saved.id;
  }

  /** Stores a new component and records its creation in one transaction, in which `columns` are worked out. */
  private store(by: ComponentAuthor, columns: (manager: EntityManager) => Promise<Partial<Component>>): Promise<Component> {
    return this.components.transaction(async (manager) => {
      const component = this.components.create(manager, { ...defaultMessageColumns(), ...(await columns(manager)) });
      await this.componentsService.assertUnique(manager, component);
      const created = await this.components.save(manager, component);
      await this.changes.record(manager, { action: ChangeAction.CreateComponent, projectId: created.projectId, componentId: created.id, ...changeAuthor(by) });
      return created;
    });
  }

  /** The background half: clone or attach, then find the files (component-setup.job.ts). Returns the task's id. */
  private async startSetup(componentId: number, restored = false): Promise<string> {
    const task = await this.tasks.start('component.setup', { componentId, restored });
    await this.components.update(componentId, { taskId: task.id });
    return task.id;
  }

  /**
   * Puts the uploaded files into a new local repository (`write` returns the paths it wrote) as its first commit;
   * on failure nothing stays: neither the component nor its files.
   */
  private async importUpload(component: Component, field: string, write: (dir: string) => Promise<string[]>): Promise<void> {
    const dir = this.workingCopies.dirOf(component);
    try {
      await initLocalWorkingCopy(dir);
      await this.pipeline.withWorkingCopy(component, async (session) =>
        session.commit({ component, files: await write(dir), message: 'Initial import of uploaded files', author: WEBLATE_COMMITTER }),
      );
    } catch (error) {
      await this.components.delete(component.id);
      await this.workingCopies.remove(component);
      if (error instanceof VcsError) throw ValidationError.field(field, error.message);
      throw error;
    }
  }

  /**
   * An archive may expand to a few times the upload limit (translation files compress well, bombs far better);
   * one with no file the mask matches would make an empty component, which Weblate refuses.
   */
  private async extractZip(zipPath: string, dir: string, filemask: string): Promise<string[]> {
    const paths = await extractZipUpload(zipPath, dir, 4 * this.config.uploadMaxBytes);
    const mask = new Filemask(filemask);
    if (!paths.some((path) => mask.codeOf(path) !== null)) {
      throw ValidationError.field('zipfile', `The ZIP file contains no file matching the file mask ${filemask}.`);
    }
    return paths;
  }

  /** The document is stored as the source language's file, so the source language is resolved first. */
  private async readDocfile(upload: UploadedFile, fields: NewComponentDto): Promise<DocfileImport> {
    const source = await this.components.transaction((manager) => this.sourceLanguage(manager, fields.source_language));
    return readDocfileUpload(
      (await readUploaded(upload))!,
      { slug: fields.slug, sourceLanguage: source.code, fileFormat: fields.file_format, filemask: fields.filemask, template: fields.template, newBase: fields.new_base },
      this.config.uploadMaxBytes,
    );
  }

  private async sourceLanguage(manager: EntityManager, code: string | undefined): Promise<Language> {
    const language = await this.languages.findByCode(code ?? 'en', manager);
    if (!language) throw ValidationError.field('source_language.code', 'Language with this language code was not found.');
    return language;
  }
}

/** filemask and file_format may come from an uploaded document; otherwise they are required, as for PUT. */
function assertRequired(fields: NewComponentDto): asserts fields is NewComponentDto & { filemask: string; file_format: string } {
  const missing = (['filemask', 'file_format'] as const).filter((attr) => !fields[attr]);
  if (missing.length) {
    throw new ValidationError(missing.map((attr) => ({ code: 'required', detail: MESSAGES.required, attr })));
  }
}

/** Writes files (path → content) under `dir`; the paths written. */
async function writeFiles(dir: string, files: Map<string, Buffer>): Promise<string[]> {
  for (const [path, content] of files) await writeWorkTreeFile(dir, path, content);
  return [...files.keys()];
}
