import { Body, Controller, Delete, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { RequireSitePermission } from '../core/auth/policy.decorators';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ObjectIdPipe } from '../roles/object-id.pipe';
import { AddGroupAdminDto } from './dto/add-group-admin.dto';
import { AddGroupLanguageDto } from './dto/add-group-language.dto';
import { AddGroupRoleDto } from './dto/add-group-role.dto';
import { GroupResponse } from './group.serializer';
import { GroupsService } from './groups.service';

/**
 * What a group grants (roles), where (languages) and who runs it (admins). Adding answers 200 with the group,
 * removing 204, as Weblate does. Project, component and component-list links come with those modules.
 */
@ApiTags('groups')
@Controller('api/groups/:id')
export class GroupLinksController {
  constructor(private readonly groups: GroupsService) {}

  @Post('roles')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addRole(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupRoleDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.addRole(id, dto.role_id, urls);
  }

  @Delete('roles/:roleId')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeRole(@Param('id', ObjectIdPipe) id: number, @Param('roleId', ObjectIdPipe) roleId: number): Promise<void> {
    return this.groups.removeRole(id, roleId);
  }

  @Post('languages')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addLanguage(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupLanguageDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.addLanguage(id, dto.language_code, urls);
  }

  @Delete('languages/:code')
  @RequireSitePermission('group.edit')
  @HttpCode(204)
  removeLanguage(@Param('id', ObjectIdPipe) id: number, @Param('code') code: string): Promise<void> {
    return this.groups.removeLanguage(id, code);
  }

  @Post('admins')
  @RequireSitePermission('group.edit')
  @HttpCode(200)
  addAdmin(@Param('id', ObjectIdPipe) id: number, @Body() dto: AddGroupAdminDto, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.addAdmin(id, dto.user_id, urls);
  }

  /** Answers 200 with the group rather than 204, as Weblate's revoke_admin does. */
  @Delete('admins/:userId')
  @RequireSitePermission('group.edit')
  removeAdmin(@Param('id', ObjectIdPipe) id: number, @Param('userId', ObjectIdPipe) userId: number, @Urls() urls: UrlBuilder): Promise<GroupResponse> {
    return this.groups.removeAdmin(id, userId, urls);
  }
}
