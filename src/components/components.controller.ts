import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Public, RequirePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import { ComponentResponse, serializeComponent } from './component.serializer';
import type { ComponentContext } from './component-context';
import { ComponentsService } from './components.service';
import { ComponentFieldsDto, CreateComponentDto } from './dto/component-fields.dto';
import { LinkProjectDto } from './dto/link.dto';
import { LockDto } from './dto/lock.dto';
import { Actor, CurrentActor } from '../auth/policy/current-actor';

@ApiTags('components')
@Controller('api/components')
export class ComponentsController {
  constructor(
    private readonly components: ComponentsService,
  ) {}

  @Get()
  @Public()
  async list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<ComponentResponse>> {
    const permissions = actor.permissions;
    return this.components.list({ visibility: permissions.projectVisibility() }, page, urls, permissions);
  }

  @Get(':project/:component')
  @ViewTarget('component')
  async get(@CurrentActor() actor: Actor, @Target() context: ComponentContext, @Urls() urls: UrlBuilder): Promise<ComponentResponse> {
    return serializeComponent(context, urls, actor.permissions);
  }

  @Patch(':project/:component')
  @RequirePermission('component.edit', 'component')
  async update(@CurrentActor() actor: Actor, @Target() context: ComponentContext, @Body() body: ComponentFieldsDto, @Urls() urls: UrlBuilder): Promise<ComponentResponse> {
    return this.components.update(context, body, actor.permissions, urls);
  }

  @Put(':project/:component')
  @RequirePermission('component.edit', 'component')
  async replace(@CurrentActor() actor: Actor, @Target() context: ComponentContext, @Body() body: CreateComponentDto, @Urls() urls: UrlBuilder): Promise<ComponentResponse> {
    return this.components.update(context, body, actor.permissions, urls);
  }

  @Get(':project/:component/lock')
  @ViewTarget('component')
  lockStatus(@Target() context: ComponentContext): { locked: boolean } {
    return { locked: context.component.locked };
  }

  @Post(':project/:component/lock')
  @HttpCode(200)
  @RequirePermission('component.lock', 'component')
  lock(@CurrentActor() actor: Actor, @Target() context: ComponentContext, @Body() body: LockDto): Promise<{ locked: boolean }> {
    return this.components.setLocked(context, body.lock, actor.user);
  }

  @Get(':project/:component/links')
  @ViewTarget('component')
  links(@Target() context: ComponentContext, @Urls() urls: UrlBuilder) {
    return this.components.links(context, urls);
  }

  @Post(':project/:component/links')
  @HttpCode(201)
  @RequirePermission('component.edit', 'component')
  async addLink(@CurrentActor() actor: Actor, @Target() context: ComponentContext, @Body() body: LinkProjectDto, @Urls() urls: UrlBuilder) {
    return this.components.addLink(context, body.project_slug, actor.permissions, urls);
  }

  @Delete(':project/:component/links/:projectSlug')
  @HttpCode(204)
  @RequirePermission('component.edit', 'component')
  async removeLink(@Target() context: ComponentContext, @Param('projectSlug') projectSlug: string): Promise<void> {
    await this.components.removeLink(context, projectSlug);
  }
}
