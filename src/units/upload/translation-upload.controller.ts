import { Body, Controller, HttpCode, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { Actor, CurrentActor } from '../../auth/policy/current-actor';
import { RequirePermission } from '../../auth/policy/policy.decorators';
import { Target } from '../../auth/policy/target';
import { AcceptsUploads, readUploaded, uploadedFiles } from '../../core/http/multipart';
import { requestContext } from '../../core/http/request-context';
import type { TranslationContext } from '../../translations/translation-context';
import { UploadDto } from '../dto/upload.dto';
import { TranslationUploadService } from './translation-upload.service';
import { UploadResult } from './upload-options';

@ApiTags('translations')
@Controller('api/translations')
export class TranslationUploadController {
  constructor(private readonly uploads: TranslationUploadService) {}

  /** Multipart `file` with `method`, `conflicts`, `fuzzy` and an optional author; each method checks its own permission too. */
  @Post(':project/:component/:language/file')
  @HttpCode(200)
  @RequirePermission('upload.perform', 'translation')
  @AcceptsUploads({ files: 1, fields: 10 })
  upload(@Req() req: Request, @CurrentActor() actor: Actor, @Target() context: TranslationContext, @Body() fields: UploadDto): Promise<UploadResult> {
    return this.run(req, actor, context, fields);
  }

  @Put(':project/:component/:language/file')
  @RequirePermission('upload.perform', 'translation')
  @AcceptsUploads({ files: 1, fields: 10 })
  replace(@Req() req: Request, @CurrentActor() actor: Actor, @Target() context: TranslationContext, @Body() fields: UploadDto): Promise<UploadResult> {
    return this.run(req, actor, context, fields);
  }

  private async run(req: Request, actor: Actor, context: TranslationContext, fields: UploadDto): Promise<UploadResult> {
    const uploader = { permissions: actor.permissions, userId: actor.user.id, urls: requestContext(req).urls };
    return this.uploads.upload(context, await readUploaded(uploadedFiles(req).file), fields, uploader);
  }
}
