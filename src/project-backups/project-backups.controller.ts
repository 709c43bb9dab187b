import { Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { createReadStream } from 'node:fs';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { Target } from '../auth/policy/target';
import { contentDisposition } from '../core/http/content-disposition';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { Project } from '../projects/project.entity';
import { TasksService } from '../tasks/tasks.service';
import { ProjectBackupFiles } from './project-backup-files';

interface BackupResponse {
  name: string;
  timestamp: string;
  size: number;
}

/**
 * Project backups (Weblate 2026.7): listed, started (a task: 202 with its `task_url`) and downloaded by those who
 * may edit the project's settings, as Weblate asks of them: a backup holds every component, restricted ones too,
 * and the repositories' URLs with their credentials.
 */
@ApiTags('projects')
@Controller('api/projects/:project/backups')
export class ProjectBackupsController {
  constructor(
    private readonly files: ProjectBackupFiles,
    private readonly tasks: TasksService,
  ) {}

  @Get()
  @RequirePermission('project.edit', 'project')
  async list(@Target() project: Project, @PageParams() page: PageRequest): Promise<Page<BackupResponse>> {
    const backups = await this.files.list(project.id);
    return paginate(page, backups.length, (offset, limit) =>
      Promise.resolve(backups.slice(offset, offset + limit).map(({ name, timestamp, size }) => ({ name, timestamp: timestamp.toISOString(), size }))),
    );
  }

  @Post()
  @HttpCode(202)
  @RequirePermission('project.edit', 'project')
  async create(@Target() project: Project, @CurrentActor() actor: Actor, @Urls() urls: UrlBuilder): Promise<{ detail: string; task_url: string }> {
    const task = await this.tasks.start('project.backup', { projectId: project.id, userId: actor.user.id });
    return { detail: 'Backup scheduled.', task_url: urls.task(task.id) };
  }

  /** The ZIP, named as listed (`1764170000.zip`; the name without `.zip` is accepted too). */
  @Get(':backup')
  @RequirePermission('project.edit', 'project')
  async download(@Target() project: Project, @Param('backup') name: string, @Res({ passthrough: true }) res: Response): Promise<StreamableFile> {
    const backup = await this.files.pathOf(project.id, name);
    res.setHeader('Content-Disposition', contentDisposition(`${project.slug}-${backup.name}`));
    return new StreamableFile(createReadStream(backup.path), { type: 'application/zip', length: backup.size });
  }
}
