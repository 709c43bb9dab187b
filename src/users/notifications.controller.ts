import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Authenticated } from '../auth/policy/policy.decorators';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { CreateNotificationDto } from './dto/create-notification.dto';
import { UpdateNotificationDto } from './dto/update-notification.dto';
import { NotificationsService } from './notifications.service';
import { NotificationResponse } from './user.serializer';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

/** Subscriptions belong to one user: the routes need a login, the service checks it is the user or a user.edit holder. */
@ApiTags('users')
@Controller('api/users/:username/notifications')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get()
  @Authenticated()
  list(@CurrentActor() actor: Actor, @Param('username') username: string, @PageParams() page: PageRequest): Promise<Page<NotificationResponse>> {
    return this.notifications.list(actor, username, page);
  }

  @Post()
  @Authenticated()
  create(@CurrentActor() actor: Actor, @Param('username') username: string, @Body() dto: CreateNotificationDto): Promise<NotificationResponse> {
    return this.notifications.create(actor, username, dto);
  }

  @Get(':id')
  @Authenticated()
  get(@CurrentActor() actor: Actor, @Param('username') username: string, @Param('id') id: string): Promise<NotificationResponse> {
    return this.notifications.get(actor, username, id);
  }

  @Put(':id')
  @Authenticated()
  replace(
    @CurrentActor() actor: Actor, @Param('username') username: string, @Param('id') id: string, @Body() dto: CreateNotificationDto,
  ): Promise<NotificationResponse> {
    return this.notifications.update(actor, username, id, dto);
  }

  @Patch(':id')
  @Authenticated()
  update(
    @CurrentActor() actor: Actor, @Param('username') username: string, @Param('id') id: string, @Body() dto: UpdateNotificationDto,
  ): Promise<NotificationResponse> {
    return this.notifications.update(actor, username, id, dto);
  }

  @Delete(':id')
  @Authenticated()
  @HttpCode(204)
  remove(@CurrentActor() actor: Actor, @Param('username') username: string, @Param('id') id: string): Promise<void> {
    return this.notifications.remove(actor, username, id);
  }
}
