import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { RequirePermission } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import type { TranslationContext } from '../translations/translation-context';
import { AutoTranslateResponse, AutoTranslateService } from './autotranslate.service';
import { AutoTranslateDto } from './dto/autotranslate.dto';

@ApiTags('translations')
@Controller('api/translations')
export class AutoTranslateController {
  constructor(private readonly autotranslate: AutoTranslateService) {}

  /** Starts automatic translation as a task: 200 with `details` and the `task_url` to follow it at. */
  @Post(':project/:component/:language/autotranslate')
  @HttpCode(200)
  @RequirePermission('translation.auto', 'translation')
  start(@CurrentActor() actor: Actor, @Target() context: TranslationContext, @Body() body: AutoTranslateDto, @Urls() urls: UrlBuilder): Promise<AutoTranslateResponse> {
    return this.autotranslate.start(context, body, actor, urls);
  }
}
