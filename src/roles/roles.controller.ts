import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated, RequireSitePermission } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { CreateRoleDto } from './dto/create-role.dto';
import { UpdateRoleDto } from './dto/update-role.dto';
import { ObjectIdPipe } from './object-id.pipe';
import { RoleResponse } from './role.serializer';
import { RolesService } from './roles.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('roles')
@Controller('api/roles')
export class RolesController {
  constructor(
    private readonly roles: RolesService,
  ) {}

  @Get()
  @Authenticated()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<RoleResponse>> {
    return this.roles.list(actor.permissions, actor.user, page, urls);
  }

  @Post()
  @RequireSitePermission('role.edit')
  create(@Body() dto: CreateRoleDto, @Urls() urls: UrlBuilder): Promise<RoleResponse> {
    return this.roles.create(dto, urls);
  }

  @Get(':id')
  @Authenticated()
  async get(@CurrentActor() actor: Actor, @Param('id', ObjectIdPipe) id: number, @Urls() urls: UrlBuilder): Promise<RoleResponse> {
    return this.roles.get(actor.permissions, actor.user, id, urls);
  }

  /** PUT requires the name, PATCH nothing; both leave fields that are not sent as they are. */
  @Put(':id')
  @RequireSitePermission('role.edit')
  replace(@Param('id', ObjectIdPipe) id: number, @Body() dto: CreateRoleDto, @Urls() urls: UrlBuilder): Promise<RoleResponse> {
    return this.roles.update(id, dto, urls);
  }

  @Patch(':id')
  @RequireSitePermission('role.edit')
  update(@Param('id', ObjectIdPipe) id: number, @Body() dto: UpdateRoleDto, @Urls() urls: UrlBuilder): Promise<RoleResponse> {
    return this.roles.update(id, dto, urls);
  }

  @Delete(':id')
  @RequireSitePermission('role.edit')
  @HttpCode(204)
  delete(@Param('id', ObjectIdPipe) id: number): Promise<void> {
    return this.roles.delete(id);
  }
}
