import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import JSZip from 'jszip';
import { createReadStream, createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DataSource } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import type { ComponentContext } from '../components/component-context';
import { ComponentLookup } from '../components/component-lookup';
import { AppConfig } from '../config/app-config';
import { LabelsService } from '../labels/labels.service';
import { ProjectLookup } from '../projects/project-lookup';
import { RepositoryOperationsService } from '../repository-operations/repository-operations.service';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { TaskProgress } from '../tasks/jobs';
import { TranslationLookup } from '../translations/translation-lookup';
import { WorkingCopies } from '../working-copies/working-copies';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { BACKUP_JSON, COMPONENTS_PREFIX, componentJson, MEMORY_JSON, projectJson, VCS_PREFIX } from './project-backup-format';
import { ProjectBackupFiles } from './project-backup-files';

/** How long the backup waits for a working copy busy with another operation. */
const LOCK_WAIT_MS = 120_000;

/**
 * The `project.backup` task. Pending changes are committed first (a Commit change each, as the repository API
 * would), so the working copies hold every translation; each working copy is then copied under its lock and the
 * ZIP streamed to `<time>.zip.part`, renamed when complete, so a listed backup is always whole.
 */
@Injectable()
export class ProjectBackupJob implements OnModuleInit {
  constructor(
    @Inject(AppConfig) private readonly config: AppConfig,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly registry: JobHandlerRegistry,
    private readonly projects: ProjectLookup,
    private readonly components: ComponentLookup,
    private readonly translations: TranslationLookup,
    private readonly labels: LabelsService,
    private readonly operations: RepositoryOperationsService,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly files: ProjectBackupFiles,
    private readonly changes: ChangesService,
  ) {}

  onModuleInit(): void {
    this.registry.register('project.backup', ({ projectId, userId }, progress) => this.run(projectId, userId, progress));
  }

  async run(projectId: number, userId: number, progress: TaskProgress): Promise<{ backup: string }> {
    const project = await this.projects.findById(projectId);
    if (!project) throw new Error('The project no longer exists.');
    const contexts = await this.components.findAllOfProject(projectId);
    for (const context of contexts.filter((candidate) => !candidate.linked)) {
      // A component that cannot commit (its clone failed) is still backed up: what its files hold, and its settings.
      const committed = await this.operations.operate(context, 'commit', { waitMs: LOCK_WAIT_MS }).catch((error: Error) => ({ result: false, detail: error.message }));
      if (!committed.result && committed.detail) await progress.report(10, `${context.path}: not committed: ${committed.detail}`);
    }
    await progress.report(20, 'Pending changes committed');

    await mkdir(join(this.config.dataDir, 'tmp'), { recursive: true });
    const staging = await mkdtemp(join(this.config.dataDir, 'tmp', 'project-backup-'));
    try {
      const zip = new JSZip();
      const labels = (await this.labels.allOf(projectId)).map(({ name, color, description }) => ({ name, color, description }));
      const metadata = { version: '2026.7', server: this.config.siteTitle, domain: this.config.siteUrl ? new URL(this.config.siteUrl).host : '', timestamp: new Date().toISOString() };
      zip.file(BACKUP_JSON, JSON.stringify(projectJson(project, labels, metadata), null, 2));
      zip.file(MEMORY_JSON, '[]');
      for (const context of contexts) await this.addComponent(zip, context, staging);
      await progress.report(60, 'Working copies copied');
      const path = await this.files.newPath(projectId);
      const part = `${path}.part`;
      await pipeline(zip.generateNodeStream({ streamFiles: true, compression: 'DEFLATE' }), createWriteStream(part, { flags: 'wx' }));
      await rename(part, path);
      await this.dataSource.transaction((manager) => this.changes.record(manager, { action: ChangeAction.ProjectBackup, projectId, userId, authorId: userId }));
      return { backup: basename(path) };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  }

  /** The component's settings and translations, and its working copy (copied under its lock, then streamed). */
  private async addComponent(zip: JSZip, context: ComponentContext, staging: string): Promise<void> {
    const slug = context.component.slug;
    const translations = (await this.translations.allOfComponent(context)).map(({ translation }) => ({ language_code: translation.languageCode, filename: translation.filename }));
    zip.file(`${COMPONENTS_PREFIX}${slug}.json`, JSON.stringify(componentJson(context, translations), null, 2));
    if (context.linked) return;
    const copy = join(staging, String(context.component.id));
    const source = this.workingCopies.dirOf(context.component);
    // A component whose clone failed or is still running has no working copy: its settings are backed up, as Weblate does.
    if (!(await stat(source).catch(() => null))) return;
    await this.locks.withLock(String(context.component.id), () => cp(source, copy, { recursive: true, verbatimSymlinks: true }), LOCK_WAIT_MS);
    // Symbolic links are left out, as Weblate's backups leave them: a ZIP has no portable form for them.
    for (const entry of await readdir(copy, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      const file = join(entry.parentPath, entry.name);
      zip.file(`${VCS_PREFIX}${slug}/${relative(copy, file).split('\\').join('/')}`, createReadStream(file));
    }
  }
}
