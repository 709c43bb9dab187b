import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import {
  serializeTranslation,
  serializeTranslationStatistics,
  TranslationResponse,
  TranslationStatisticsResponse,
} from './translation.serializer';
import type { TranslationContext, TranslationStatisticsTarget } from './translation-context';
import { TranslationsService } from './translations.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('translations')
@Controller('api/translations')
export class TranslationsController {
  constructor(
    private readonly translations: TranslationsService,
  ) {}

  /** Translations of every project the caller can see. */
  @Get()
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    return this.translations.list(actor.permissions, page, urls);
  }

  @Get(':project/:component/:language')
  @ViewTarget('translation')
  async get(@CurrentActor() actor: Actor, @Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<TranslationResponse> {
    return serializeTranslation(context, urls, { embedComponent: true, viewer: actor.permissions });
  }

  @Get(':project/:component/:language/statistics')
  @ViewTarget('translation-statistics')
  statistics(@Target() { context, recentChanges }: TranslationStatisticsTarget, @Urls() urls: UrlBuilder): TranslationStatisticsResponse {
    return serializeTranslationStatistics(context, recentChanges, urls);
  }
}
