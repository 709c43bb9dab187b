import { Body, Controller, Delete, HttpCode, Post, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
import type { ComponentContext } from '../components/component-context';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { serializeTranslation, TranslationResponse } from './translation.serializer';
import { TranslationLifecycleService } from './translation-lifecycle.service';
import type { TranslationContext } from './translation-context';
import { currentUser } from '../users/current-user';

/** Adding a language to a component and removing a translation: both change the repository. */
@ApiTags('translations')
@Controller('api')
export class TranslationLifecycleController {
  constructor(
    private readonly lifecycle: TranslationLifecycleService,
    private readonly permissions: PermissionService,
  ) {}

  /**
   * The new translation, without its component, under both keys clients look for: Weblate answers it in `data`,
   * the API documentation names it `result`.
   */
  @Post('components/:project/:component/translations')
  @HttpCode(201)
  @RequirePermission('translation.add', 'component')
  async add(
    @Req() req: Request, @Target() context: ComponentContext, @Body() body: Record<string, unknown>, @Urls() urls: UrlBuilder,
  ): Promise<{ data: TranslationResponse; result: TranslationResponse }> {
    const created = await this.lifecycle.add(context, body?.language_code, await this.permissions.forRequest(req), currentUser(req), urls);
    const translation = serializeTranslation(created, urls, { embedComponent: false });
    return { data: translation, result: translation };
  }

  @Delete('translations/:project/:component/:language')
  @HttpCode(204)
  @RequirePermission('translation.delete', 'translation')
  async remove(@Req() req: Request, @Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<void> {
    await this.lifecycle.remove(context, currentUser(req), urls);
  }
}
