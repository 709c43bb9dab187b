import { Body, Controller, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../../auth/permission.service';
import { RequirePermission } from '../../auth/policy/policy.decorators';
import { Target } from '../../auth/policy/target';
import { AcceptsUploads, readUploaded, uploadedFiles } from '../../core/http/multipart';
import { requestContext } from '../../core/http/request-context';
import type { TranslationContext } from '../../translations/translation-context';
import { TranslationUploadService } from './translation-upload.service';
import { UploadResult } from './upload-options';
import { currentUser } from '../../users/current-user';

@ApiTags('translations')
@Controller('api/translations')
export class TranslationUploadController {
  constructor(
    private readonly uploads: TranslationUploadService,
    private readonly permissions: PermissionService,
  ) {}

  /** Multipart `file` with `method`, `conflicts`, `fuzzy` and an optional author; each method checks its own permission too. */
  @Post(':project/:component/:language/file')
  @HttpCode(200)
  @RequirePermission('upload.perform', 'translation')
  @AcceptsUploads({ files: 1, fields: 10 })
  upload(@Req() req: Request, @Target() context: TranslationContext, @Body() body: Record<string, unknown>): Promise<UploadResult> {
    return this.run(req, context, body);
  }

  @Put(':project/:component/:language/file')
  @RequirePermission('upload.perform', 'translation')
  @AcceptsUploads({ files: 1, fields: 10 })
  replace(@Req() req: Request, @Target() context: TranslationContext, @Body() body: Record<string, unknown>): Promise<UploadResult> {
    return this.run(req, context, body);
  }

  private async run(req: Request, context: TranslationContext, body: Record<string, unknown>): Promise<UploadResult> {
    const uploader = { permissions: await this.permissions.forRequest(req), userId: currentUser(req)?.id ?? null, urls: requestContext(req).urls };
    return this.uploads.upload(context, await readUploaded(uploadedFiles(req).file), body ?? {}, uploader);
  }
}
