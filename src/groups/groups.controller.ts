import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('groups')
@Controller('api/groups')
export class GroupsController {
  constructor(
    private readonly groups: GroupsService,
  ) {}

  @Get()
  @Authenticated()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<GroupResponse>> {
    return this.groups.list(actor.permissions, actor.user, page, urls);
  }

  @Post()
  @RequireSitePermission('group.edit')
  async create(@CurrentActor() actor: Actor, @Body() dto: CreateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.create(actor.permissions, dto, urls);
  }

  @Get(':id')
  @Authenticated()
  async get(@CurrentActor() actor: Actor, @Param('id', ObjectIdPipe) id: number, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.get(actor.permissions, actor.user, id, urls);
  }

  /** PUT requires the name, PATCH nothing; both leave fields that are not sent as they are. */
  @Put(':id')
  @RequireSitePermission('group.edit')
  async replace(@CurrentActor() actor: Actor, @Param('id', ObjectIdPipe) id: number, @Body() dto: CreateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.update(actor.permissions, id, dto, urls);
  }

  @Patch(':id')
  @RequireSitePermission('group.edit')
  async update(@CurrentActor() actor: Actor, @Param('id', ObjectIdPipe) id: number, @Body() dto: UpdateGroupDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.update(actor.permissions, id, dto, urls);
  }

  @Delete(':id')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  delete(@Param('id', ObjectIdPipe) id: number): Promise<void> {
    return this.groups.delete(id);
  }
}
