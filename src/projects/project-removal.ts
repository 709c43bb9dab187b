import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { ScreenshotStorage } from '../screenshots/screenshot-storage';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { TaskProgress } from '../tasks/jobs';
import { TasksService } from '../tasks/tasks.service';
import { BotAccounts } from '../users/bot-accounts';
import { Project } from './project.entity';
import { ProjectRemovalRepository } from './project-removal.repository';

/** Strings deleted per statement when a large project goes, so no single statement holds locks for long. */
const UNIT_BATCH = 10_000;

/**
 * Deletes a project with its components, translations, strings, history, working copies and screenshots.
 * Small projects go within the request; a project with more strings than PROJECT_REMOVAL_BACKGROUND_UNITS is
 * locked against edits and removed by a background task in batches, as Weblate removes projects.
 */
@Injectable()
export class ProjectRemoval implements OnModuleInit {
  constructor(
    private readonly store: ProjectRemovalRepository,
    private readonly bots: BotAccounts,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly screenshots: ScreenshotStorage,
    private readonly tasks: TasksService,
    private readonly registry: JobHandlerRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register('project.remove', ({ projectId }, progress) => this.removeInBatches(projectId, progress));
  }

  async remove(project: Project): Promise<void> {
    await this.assertNotLent(project.id);
    if ((await this.store.countUnits(project.id)) <= this.config.projectRemovalBackgroundUnits) {
      await this.deleteProject(project.id);
      return;
    }
    await this.store.lockComponents(project.id);
    await this.tasks.start('project.remove', { projectId: project.id });
  }

  private async removeInBatches(projectId: number, progress: TaskProgress): Promise<unknown> {
    const total = await this.store.countUnits(projectId);
    let removed = 0;
    for (;;) {
      const deleted = await this.store.deleteUnitBatch(projectId, UNIT_BATCH);
      if (!deleted) break;
      removed += deleted;
      await progress.report(Math.min(90, Math.floor((90 * removed) / Math.max(total, 1))), `Removed ${removed} of ${total} strings`);
    }
    await this.deleteProject(projectId);
    return { project: projectId, units: removed };
  }

  /** Components another project links to share their working copy; they must be unlinked first. */
  private async assertNotLent(projectId: number): Promise<void> {
    if (await this.store.isLent(projectId)) {
      throw ValidationError.field(null, 'Components of this project are used by linked components of other projects; delete or unlink them first.');
    }
  }

  private async deleteProject(projectId: number): Promise<void> {
    await this.store.transaction(async (manager) => {
      await this.bots.removeAllOfProject(manager, projectId);
      await this.store.delete(manager, projectId);
    });
    await rm(join(this.config.dataDir, 'vcs', String(projectId)), { recursive: true, force: true });
    await this.screenshots.removeProject(projectId);
  }
}
