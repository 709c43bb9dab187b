import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, RequireSitePermission } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { CreateLanguageDto } from './dto/create-language.dto';
import { ReplaceLanguageDto } from './dto/replace-language.dto';
import { UpdateLanguageDto } from './dto/update-language.dto';
import { LanguageResponse, LanguageStatisticsResponse } from './language.serializer';
import { LanguageScope } from './languages.repository';
import { LanguagesService } from './languages.service';
import { allows } from '../auth/policy/object-rules';
import { LANGUAGE_RULES } from './language.rules';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('languages')
@Controller('api/languages')
export class LanguagesController {
  constructor(private readonly languages: LanguagesService) {}

  @Get()
  @Public()
  list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<LanguageResponse>> {
    return this.languages.list(scopeOf(actor), page, urls);
  }

  @Post()
  @RequireSitePermission('language.add')
  create(@Body() dto: CreateLanguageDto, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.create(dto, urls);
  }

  @Get(':code')
  @Public()
  get(@CurrentActor() actor: Actor, @Param('code') code: string, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.get(scopeOf(actor), code, urls);
  }

  @Put(':code')
  @RequireSitePermission('language.edit')
  replace(@Param('code') code: string, @Body() dto: ReplaceLanguageDto, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.update(code, dto, urls);
  }

  @Patch(':code')
  @RequireSitePermission('language.edit')
  update(@Param('code') code: string, @Body() dto: UpdateLanguageDto, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.update(code, dto, urls);
  }

  @Delete(':code')
  @HttpCode(204)
  @RequireSitePermission('language.edit')
  delete(@Param('code') code: string): Promise<void> {
    return this.languages.delete(code);
  }

  @Get(':code/statistics')
  @Public()
  statistics(@CurrentActor() actor: Actor, @Param('code') code: string, @Urls() urls: UrlBuilder): Promise<LanguageStatisticsResponse> {
    return this.languages.statistics(scopeOf(actor), code, urls);
  }
}

/** As in Weblate, those who may edit languages read them all; everyone else those with a translation somewhere. */
function scopeOf(actor: Actor): LanguageScope {
  return allows(actor.permissions, LANGUAGE_RULES.seeAll) ? 'all' : 'translated';
}
