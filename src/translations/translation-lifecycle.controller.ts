import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { ComponentContext } from '../components/component-context';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { serializeTranslation, TranslationResponse } from './translation.serializer';
import { CreateTranslationDto } from './dto/create-translation.dto';
import { TranslationLifecycleService } from './translation-lifecycle.service';
import type { TranslationContext } from './translation-context';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** Adding a language to a component and removing a translation: both change the repository. */
@ApiTags('translations')
@Controller('api')
export class TranslationLifecycleController {
  constructor(
    private readonly lifecycle: TranslationLifecycleService,
  ) {}

  /**
   * The new translation, without its component, under both keys clients look for: Weblate answers it in `data`,
   * the API documentation names it `result`.
   */
  @Post('components/:project/:component/translations')
  @HttpCode(201)
  @RequirePermission('translation.add', 'component')
  async add(
    @CurrentActor() actor: Actor, @Target() context: ComponentContext, @Body() body: CreateTranslationDto, @Urls() urls: UrlBuilder,
  ): Promise<{ data: TranslationResponse; result: TranslationResponse }> {
    const created = await this.lifecycle.add(context, body.language_code, actor.permissions, actor.user, urls);
    const translation = serializeTranslation(created, urls, { embedComponent: false });
    return { data: translation, result: translation };
  }

  @Delete('translations/:project/:component/:language')
  @HttpCode(204)
  @RequirePermission('translation.delete', 'translation')
  async remove(@CurrentActor() actor: Actor, @Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<void> {
    await this.lifecycle.remove(context, actor.user, urls);
  }
}
