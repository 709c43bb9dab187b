import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ComponentResponse } from '../components/component.serializer';
import { Public, RequireSitePermission } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ComponentListResponse } from './component-list.serializer';
import { ComponentListsService } from './component-lists.service';
import { AddComponentListComponentDto } from './dto/add-component-list-component.dto';
import { CreateComponentListDto } from './dto/create-component-list.dto';
import { UpdateComponentListDto } from './dto/update-component-list.dto';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** Reading is open to all (filtered by what the caller can see); every change needs componentlist.edit. */
@ApiTags('component-lists')
@Controller('api/component-lists')
export class ComponentListsController {
  constructor(
    private readonly lists: ComponentListsService,
  ) {}

  @Get()
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ComponentListResponse>> {
    return this.lists.list(actor.permissions, page, urls);
  }

  @Post()
  @RequireSitePermission('componentlist.edit')
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateComponentListDto, @Urls() urls: UrlBuilder): Promise<ComponentListResponse> {
    return this.lists.create(actor.permissions, dto, urls);
  }

  @Get(':slug')
  @Public()
  async get(@CurrentActor() actor: Actor, @Param('slug') slug: string, @Urls() urls: UrlBuilder): Promise<ComponentListResponse> {
    return this.lists.get(actor.permissions, slug, urls);
  }

  /** PUT requires name and slug, PATCH nothing; both leave fields that are not sent as they are. */
  @Put(':slug')
  @RequireSitePermission('componentlist.edit')
  async replace(
    @CurrentActor() actor: Actor,
    @Param('slug') slug: string,
    @Body() dto: CreateComponentListDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.update(actor.permissions, slug, dto, urls);
  }

  @Patch(':slug')
  @RequireSitePermission('componentlist.edit')
  async update(
    @CurrentActor() actor: Actor,
    @Param('slug') slug: string,
    @Body() dto: UpdateComponentListDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.update(actor.permissions, slug, dto, urls);
  }

  @Delete(':slug')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(204)
  async delete(@CurrentActor() actor: Actor, @Param('slug') slug: string): Promise<void> {
    return this.lists.delete(actor.permissions, slug);
  }

  @Get(':slug/statistics')
  @Public()
  async statistics(@CurrentActor() actor: Actor, @Param('slug') slug: string, @Urls() urls: UrlBuilder) {
    return this.lists.statistics(actor.permissions, slug, urls);
  }

  @Get(':slug/components')
  @Public()
  async components(
    @CurrentActor() actor: Actor,
    @Param('slug') slug: string,
    @PageParams() page: PageRequest,
    @Urls() urls: UrlBuilder,
  ): Promise<Page<ComponentResponse>> {
    return this.lists.members(actor.permissions, slug, page, urls);
  }

  @Post(':slug/components')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(200)
  async addComponent(
    @CurrentActor() actor: Actor,
    @Param('slug') slug: string,
    @Body() dto: AddComponentListComponentDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.addComponent(actor.permissions, slug, dto.component_id, urls);
  }

  @Delete(':slug/components/:componentSlug')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(204)
  async removeComponent(@CurrentActor() actor: Actor, @Param('slug') slug: string, @Param('componentSlug') componentSlug: string): Promise<void> {
    return this.lists.removeComponent(actor.permissions, slug, componentSlug);
  }
}
