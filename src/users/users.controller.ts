import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated, Public, RequireSitePermission } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { CreateUserDto } from './dto/create-user.dto';
import { GroupMembershipDto } from './dto/group-membership.dto';
import { ListUsersQuery } from './dto/list-users.query';
import { UpdateUserDto } from './dto/update-user.dto';
import { UserStatisticsService } from './user-statistics.service';
import { BasicUserResponse, TokenResponse, UserResponse, UserStatisticsResponse } from './user.serializer';
import { UsersService } from './users.service';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('users')
@Controller('api/users')
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly statistics: UserStatisticsService,
  ) {}

  /** Anonymous callers get an empty page rather than a 401, since they have no record of their own to see. */
  @Get()
  @Public()
  list(@CurrentActor() actor: Actor, @Query() query: ListUsersQuery, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<UserResponse | BasicUserResponse>> {
    return this.users.list(actor, query, page, urls);
  }

  @Post()
  @RequireSitePermission('user.edit')
  create(@CurrentActor() actor: Actor, @Body() dto: CreateUserDto, @Urls() urls: UrlBuilder): Promise<UserResponse> {
    return this.users.create(actor, dto, urls);
  }

  @Get(':username')
  @Public()
  get(@CurrentActor() actor: Actor, @Param('username') username: string, @Urls() urls: UrlBuilder): Promise<UserResponse | BasicUserResponse> {
    return this.users.get(actor, username, urls);
  }

  @Put(':username')
  @RequireSitePermission('user.edit')
  replace(@CurrentActor() actor: Actor, @Param('username') username: string, @Body() dto: CreateUserDto, @Urls() urls: UrlBuilder): Promise<UserResponse> {
    return this.users.update(actor, username, dto, urls);
  }

  @Patch(':username')
  @RequireSitePermission('user.edit')
  update(@CurrentActor() actor: Actor, @Param('username') username: string, @Body() dto: UpdateUserDto, @Urls() urls: UrlBuilder): Promise<UserResponse> {
    return this.users.update(actor, username, dto, urls);
  }

  /** Anonymises and deactivates; the record stays, as in Weblate. */
  @Delete(':username')
  @RequireSitePermission('user.edit')
  @HttpCode(204)
  erase(@CurrentActor() actor: Actor, @Param('username') username: string): Promise<void> {
    return this.users.erase(actor, username);
  }

  /** User managers, group managers, and a team's administrators for their own team (checked in the service). */
  @Post(':username/groups')
  @Authenticated()
  @HttpCode(200)
  joinGroup(@CurrentActor() actor: Actor, @Param('username') username: string, @Body() dto: GroupMembershipDto, @Urls() urls: UrlBuilder): Promise<UserResponse> {
    return this.users.joinGroup(actor, username, dto.group_id, urls);
  }

  @Delete(':username/groups')
  @Authenticated()
  @HttpCode(200)
  leaveGroup(@CurrentActor() actor: Actor, @Param('username') username: string, @Body() dto: GroupMembershipDto, @Urls() urls: UrlBuilder): Promise<UserResponse> {
    return this.users.leaveGroup(actor, username, dto.group_id, urls);
  }

  @Get(':username/statistics')
  @Public()
  getStatistics(@CurrentActor() actor: Actor, @Param('username') username: string): Promise<UserStatisticsResponse> {
    return this.statistics.get(actor, username);
  }

  /** Not part of Weblate's API (keys are made in its web profile); the user or a superuser may rotate a key. */
  @Post(':username/token')
  @Authenticated()
  @HttpCode(200)
  issueToken(@CurrentActor() actor: Actor, @Param('username') username: string): Promise<TokenResponse> {
    return this.users.issueToken(actor, username);
  }
}
