import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
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

@ApiTags('languages')
@Controller('api/languages')
export class LanguagesController {
  constructor(
    private readonly languages: LanguagesService,
    private readonly permissions: PermissionService,
  ) {}

  @Get()
  @Public()
  async list(@Req() req: Request, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<LanguageResponse>> {
    return this.languages.list(await this.scope(req), page, urls);
  }

  @Post()
  @RequireSitePermission('language.add')
  create(@Body() dto: CreateLanguageDto, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.create(dto, urls);
  }

  @Get(':code')
  @Public()
  async get(@Req() req: Request, @Param('code') code: string, @Urls() urls: UrlBuilder): Promise<LanguageResponse> {
    return this.languages.get(await this.scope(req), code, urls);
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
  async statistics(@Req() req: Request, @Param('code') code: string, @Urls() urls: UrlBuilder): Promise<LanguageStatisticsResponse> {
    return this.languages.statistics(await this.scope(req), code, urls);
  }

  /** As in Weblate, those who may edit languages read them all; everyone else those with a translation somewhere. */
  private async scope(req: Request): Promise<LanguageScope> {
    return allows(await this.permissions.forRequest(req), LANGUAGE_RULES.seeAll) ? 'all' : 'translated';
  }
}
