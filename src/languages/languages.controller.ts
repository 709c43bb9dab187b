import { Controller, Get, Param } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public } from '../core/auth/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { LanguageResponse } from './language.serializer';
import { LanguagesService } from './languages.service';

@ApiTags('languages')
@Controller('api/languages')
export class LanguagesController {
  constructor(private readonly languages: LanguagesService) {}

  @Get()
  @Public()
  list(@PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<LanguageResponse>> {
    return this.languages.list(page, urls);
  }

  @Get(':code')
  @Public()
  get(@Param('code') code: string, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.get(code, urls);
  }
}
