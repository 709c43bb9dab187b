import { Injectable } from '@nestjs/common';
import type { UploadedFile } from '../core/http/multipart';
import type { UrlBuilder } from '../core/urls/url-builder';
import type { Actor } from '../auth/policy/current-actor';
import type { CreateProjectDto } from './dto/project-fields.dto';
import type { ProjectResponse } from './project.serializer';

export type ProjectImporter = (backup: UploadedFile, fields: CreateProjectDto, actor: Actor, urls: UrlBuilder) => Promise<ProjectResponse>;

/**
 * Creating a project from a project backup (`POST /api/projects/` with a `zipfile`, as Weblate's "Import project
 * backup"): the restore needs components, which depend on this module, so the project-backups module registers it.
 */
@Injectable()
export class ProjectImport {
  private importer: ProjectImporter | null = null;

  register(importer: ProjectImporter): void {
    this.importer = importer;
  }

  run(backup: UploadedFile, fields: CreateProjectDto, actor: Actor, urls: UrlBuilder): Promise<ProjectResponse> {
    if (!this.importer) throw new Error('project backups are not available in this process');
    return this.importer(backup, fields, actor, urls);
  }
}
