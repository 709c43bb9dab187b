import { Controller, Get, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
import { Public, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import {
  serializeTranslation,
  TranslationResponse,
  TranslationStatisticsResponse,
} from './translation.serializer';
import type { TranslationContext } from './translation-context';
import { TranslationsService } from './translations.service';

@ApiTags('translations')
@Controller('api/translations')
export class TranslationsController {
  constructor(
    private readonly translations: TranslationsService,
    private readonly permissions: PermissionService,
  ) {}

  /** Translations of every project the caller can see. */
  @Get()
  @Public()
  async list(@Req() req: Request, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<TranslationResponse>> {
    return this.translations.list(await this.permissions.forRequest(req), page, urls);
  }

  @Get(':project/:component/:language')
  @ViewTarget('translation')
  async get(@Req() req: Request, @Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<TranslationResponse> {
    return serializeTranslation(context, urls, { embedComponent: true, viewer: await this.permissions.forRequest(req) });
  }

  @Get(':project/:component/:language/statistics')
  @ViewTarget('translation')
  statistics(@Target() context: TranslationContext, @Urls() urls: UrlBuilder): Promise<TranslationStatisticsResponse> {
    return this.translations.translationStatistics(context, urls);
  }
}
