import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { ScreenshotStorage } from '../screenshots/screenshot-storage';
import { JobHandlerRegistry } from '../tasks/job-handler.registry';
import { TaskProgress } from '../tasks/jobs';
import { TasksService } from '../tasks/tasks.service';
import { Project } from './project.entity';

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
    @InjectDataSource() private readonly dataSource: DataSource,
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
    if ((await this.countUnits(project.id)) <= this.config.projectRemovalBackgroundUnits) {
      await this.deleteProject(project.id);
      return;
    }
    await this.dataSource.query('UPDATE components SET locked = true WHERE project_id = $1', [project.id]);
    await this.tasks.start('project.remove', { projectId: project.id });
  }

  private async removeInBatches(projectId: number, progress: TaskProgress): Promise<unknown> {
    const total = await this.countUnits(projectId);
    let removed = 0;
    for (;;) {
      const [, deleted]: [unknown, number] = await this.dataSource.query(
        `DELETE FROM units WHERE id IN (
           SELECT u.id FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id
           WHERE c.project_id = $1 LIMIT $2)`,
        [projectId, UNIT_BATCH],
      );
      if (!deleted) break;
      removed += deleted;
      await progress.report(Math.min(90, Math.floor((90 * removed) / Math.max(total, 1))), `Removed ${removed} of ${total} strings`);
    }
    await this.deleteProject(projectId);
    return { project: projectId, units: removed };
  }

  /** Components another project links to share their working copy; they must be unlinked first. */
  private async assertNotLent(projectId: number): Promise<void> {
    const borrowers: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM components c JOIN components owner ON owner.id = c.linked_component_id WHERE owner.project_id = $1 AND c.project_id <> $1 LIMIT 1',
      [projectId],
    );
    if (borrowers.length > 0) {
      throw ValidationError.field(null, 'Components of this project are used by linked components of other projects; delete or unlink them first.');
    }
  }

  private async countUnits(projectId: number): Promise<number> {
    const [{ count }]: { count: string }[] = await this.dataSource.query(
      'SELECT count(*) FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id WHERE c.project_id = $1',
      [projectId],
    );
    return Number(count);
  }

  private async deleteProject(projectId: number): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query('DELETE FROM users WHERE is_bot AND id IN (SELECT user_id FROM api_tokens WHERE project_id = $1)', [projectId]);
      await manager.getRepository(Project).delete(projectId);
    });
    await rm(join(this.config.dataDir, 'vcs', String(projectId)), { recursive: true, force: true });
    await this.screenshots.removeProject(projectId);
  }
}
