import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireSitePermission } from '../auth/policy/policy.decorators';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ObjectIdPipe } from '../roles/object-id.pipe';
import { AddGroupAdminDto } from './dto/add-group-admin.dto';
import { AddGroupComponentListDto } from './dto/add-group-component-list.dto';
import { AddGroupComponentDto } from './dto/add-group-component.dto';
import { AddGroupLanguageDto } from './dto/add-group-language.dto';
import { AddGroupProjectDto } from './dto/add-group-project.dto';
import { AddGroupRoleDto } from './dto/add-group-role.dto';
import { GroupLinksService } from './group-links.service';
import { GroupResponse } from './group.serializer';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** Adding answers 200 with the group, removing 204, as Weblate does. */
@ApiTags('groups')
@Controller('api/groups/:id')
export class GroupLinksController {
  constructor(
    private readonly links: GroupLinksService,
  ) {}

  @Post('roles')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addRole(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupRoleDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.links.addRole(id, dto.role_id, urls);
  }

  @Delete('roles/:roleId')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeRole(@Param('id', ObjectIdPipe) id: number, @Param('roleId', ObjectIdPipe) roleId: number): Promise<void> {
    return this.links.removeRole(id, roleId);
  }

  @Post('languages')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addLanguage(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupLanguageDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.links.addLanguage(id, dto.language_code, urls);
  }

  @Delete('languages/:code')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeLanguage(@Param('id', ObjectIdPipe) id: number, @Param('code') code: string): Promise<void> {
    return this.links.removeLanguage(id, code);
  }

  @Post('projects')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  async addProject(
    @CurrentActor() actor: Actor,
    @Param('id', ObjectIdPipe) id: number,
    @Body() dto: AddGroupProjectDto,
    @Urls() urls: UrlBuilder,
  ): Promise<GroupResponse> {
    return this.links.addProject(actor.permissions, id, dto.project_id, urls);
  }

  @Delete('projects/:projectId')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeProject(@Param('id', ObjectIdPipe) id: number, @Param('projectId', ObjectIdPipe) projectId: number): Promise<void> {
    return this.links.removeProject(id, projectId);
  }

  @Post('components')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  async addComponent(
    @CurrentActor() actor: Actor,
    @Param('id', ObjectIdPipe) id: number,
    @Body() dto: AddGroupComponentDto,
    @Urls() urls: UrlBuilder,
  ): Promise<GroupResponse> {
    return this.links.addComponent(actor.permissions, id, dto.component_id, urls);
  }

  @Delete('components/:componentId')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeComponent(@Param('id', ObjectIdPipe) id: number, @Param('componentId', ObjectIdPipe) componentId: number): Promise<void> {
    return this.links.removeComponent(id, componentId);
  }

  @Post('componentlists')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addComponentList(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupComponentListDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.links.addComponentList(id, dto.component_list_id, urls);
  }

  @Delete('componentlists/:listId')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeComponentList(@Param('id', ObjectIdPipe) id: number, @Param('listId', ObjectIdPipe) listId: number): Promise<void> {
    return this.links.removeComponentList(id, listId);
  }

  @Post('admins')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addAdmin(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupAdminDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.links.addAdmin(id, dto.user_id, urls);
  }

  /** Answers 200 with the group rather than 204, as Weblate's revoke_admin does. */
  @Delete('admins/:userId')
  @RequireSitePermission('group.edit')
  removeAdmin(@Param('id', ObjectIdPipe) id: number, @Param('userId', ObjectIdPipe) userId: number, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.links.removeAdmin(id, userId, urls);
  }
}
