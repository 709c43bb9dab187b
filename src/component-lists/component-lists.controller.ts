import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
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

/** Reading is open to all (filtered by what the caller can see); every change needs componentlist.edit. */
@ApiTags('component-lists')
@Controller('api/component-lists')
export class ComponentListsController {
  constructor(
    private readonly lists: ComponentListsService,
    private readonly permissions: PermissionService,
  ) {}

  @Get()
  @Public()
  async list(@Req() req: Request, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ComponentListResponse>> {
    return this.lists.list(await this.permissions.forRequest(req), page, urls);
  }

  @Post()
  @RequireSitePermission('componentlist.edit')
  async create(@Req() req: Request, @Body() dto: CreateComponentListDto, @Urls() urls: UrlBuilder): Promise<ComponentListResponse> {
    return this.lists.create(await this.permissions.forRequest(req), dto, urls);
  }

  @Get(':slug')
  @Public()
  async get(@Req() req: Request, @Param('slug') slug: string, @Urls() urls: UrlBuilder): Promise<ComponentListResponse> {
    return this.lists.get(await this.permissions.forRequest(req), slug, urls);
  }

  /** PUT requires name and slug, PATCH nothing; both leave fields that are not sent as they are. */
  @Put(':slug')
  @RequireSitePermission('componentlist.edit')
  async replace(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Body() dto: CreateComponentListDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.update(await this.permissions.forRequest(req), slug, dto, urls);
  }

  @Patch(':slug')
  @RequireSitePermission('componentlist.edit')
  async update(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Body() dto: UpdateComponentListDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.update(await this.permissions.forRequest(req), slug, dto, urls);
  }

  @Delete(':slug')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(204)
  async delete(@Req() req: Request, @Param('slug') slug: string): Promise<void> {
    return this.lists.delete(await this.permissions.forRequest(req), slug);
  }

  @Get(':slug/statistics')
  @Public()
  async statistics(@Req() req: Request, @Param('slug') slug: string, @Urls() urls: UrlBuilder) {
    return this.lists.statistics(await this.permissions.forRequest(req), slug, urls);
  }

  @Get(':slug/components')
  @Public()
  async components(
    @Req() req: Request,
    @Param('slug') slug: string,
    @PageParams() page: PageRequest,
    @Urls() urls: UrlBuilder,
  ): Promise<Page<ComponentResponse>> {
    return this.lists.members(await this.permissions.forRequest(req), slug, page, urls);
  }

  @Post(':slug/components')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(200)
  async addComponent(
    @Req() req: Request,
    @Param('slug') slug: string,
    @Body() dto: AddComponentListComponentDto,
    @Urls() urls: UrlBuilder,
  ): Promise<ComponentListResponse> {
    return this.lists.addComponent(await this.permissions.forRequest(req), slug, dto.component_id, urls);
  }

  @Delete(':slug/components/:componentSlug')
  @RequireSitePermission('componentlist.edit')
  @HttpCode(204)
  async removeComponent(@Req() req: Request, @Param('slug') slug: string, @Param('componentSlug') componentSlug: string): Promise<void> {
    return this.lists.removeComponent(await this.permissions.forRequest(req), slug, componentSlug);
  }
}
