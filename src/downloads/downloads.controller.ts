import { Controller, Get, Headers, Query, Res, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { ComponentContext } from '../components/component-context';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Project } from '../projects/project.entity';
import type { TranslationContext } from '../translations/translation-context';
import { Archive, DownloadsService } from './downloads.service';
import { contentDisposition } from '../core/http/content-disposition';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** GET `.../file/` of translations: the file as stored, with `Last-Modified` and `If-Modified-Since`. */
@ApiTags('translations')
@Controller('api/translations/:project/:component/:language')
export class TranslationDownloadController {
  constructor(private readonly downloads: DownloadsService) {}

  @Get('file')
  @RequirePermission('translation.download', 'translation')
  async file(
    @Target() context: TranslationContext,
    @Query('format') format: unknown,
    @Headers('if-modified-since') ifModifiedSince: string | undefined,
    @Res() res: Response,
  ): Promise<void> {
    const file = await this.downloads.translationFile(context, format);
    res.setHeader('Last-Modified', file.modified.toUTCString());
    const since = ifModifiedSince ? Date.parse(ifModifiedSince) : NaN;
    if (!Number.isNaN(since) && since >= file.modified.getTime()) {
      res.status(304).end();
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', file.type);
    res.setHeader('Content-Disposition', contentDisposition(file.name));
    res.setHeader('Content-Length', String(file.data.length));
    res.end(file.data);
  }
}

/** GET `.../file/` of components: a ZIP of the component's files. */
@ApiTags('components')
@Controller('api/components/:project/:component')
export class ComponentDownloadController {
  constructor(private readonly downloads: DownloadsService) {}

  @Get('file')
  @RequirePermission('translation.download', 'component')
  async file(@Target() context: ComponentContext, @Query('format') format: unknown, @Query('language_code') languageCode: unknown): Promise<StreamableFile> {
    return zipFile(await this.downloads.componentArchive(context, format, languageCode));
  }
}

/** GET `.../file/` of projects: a ZIP of all components' files, optionally of one language. */
@ApiTags('projects')
@Controller('api/projects/:project')
export class ProjectDownloadController {
  constructor(
    private readonly downloads: DownloadsService,
  ) {}

  @Get('file')
  @RequirePermission('translation.download', 'project')
  async file(
    @CurrentActor() actor: Actor, @Target() project: Project, @Query('format') format: unknown, @Query('language_code') languageCode: unknown,
  ): Promise<StreamableFile> {
    return zipFile(await this.downloads.projectArchive(project, format, languageCode, actor.permissions));
  }
}

function zipFile(archive: Archive): StreamableFile {
  return new StreamableFile(archive.stream, { type: 'application/zip', disposition: contentDisposition(archive.name) });
}
