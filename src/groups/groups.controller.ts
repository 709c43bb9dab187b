import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { PermissionService } from '../auth/permission.service';
import { Authenticated, RequireSitePermission } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ObjectIdPipe } from '../roles/object-id.pipe';
import { CreateGroupDto } from './dto/create-group.dto';
import { UpdateGroupDto } from './dto/update-group.dto';
import { GroupResponse } from './group.serializer';
import { GroupsService } from './groups.service';
import { currentUser } from '../users/current-user';

@ApiTags('groups')
@Controller('api/groups')
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
    private readonly permissions: PermissionService,
  ) {}

  @Get()
  @Authenticated()
  async list(@Req() req: Request, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<GroupResponse>> {
    return this.groups.list(await this.permissions.forRequest(req), currentUser(req), page, urls);
  }

  @Post()
  @RequireSitePermission('group.edit')
  async create(@Req() req: Request, @Body() dto: CreateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.create(await this.permissions.forRequest(req), dto, urls);
  }

  @Get(':id')
  @Authenticated()
  async get(@Req() req: Request, @Param('id', ObjectIdPipe) id: number, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.get(await this.permissions.forRequest(req), currentUser(req), id, urls);
  }

  /** PUT requires the name, PATCH nothing; both leave fields that are not sent as they are. */
  @Put(':id')
  @RequireSitePermission('group.edit')
  async replace(@Req() req: Request, @Param('id', ObjectIdPipe) id: number, @Body() dto: CreateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.update(await this.permissions.forRequest(req), id, dto, urls);
  }

  @Patch(':id')
  @RequireSitePermission('group.edit')
  async update(@Req() req: Request, @Param('id', ObjectIdPipe) id: number, @Body() dto: UpdateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.update(await this.permissions.forRequest(req), id, dto, urls);
  }

  @Delete(':id')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  delete(@Param('id', ObjectIdPipe) id: number): Promise<void> {
    return this.groups.delete(id);
  }
}
