import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Actor, CurrentActor } from '../auth/policy/current-actor';
import { ManageTarget, Public, RequirePermission, RequireSitePermission, ViewTarget } from '../auth/policy/policy.decorators';
import { Target } from '../auth/policy/target';
import type { ComponentContext } from '../components/component-context';
import { Page, PageRequest } from '../core/pagination/page';
import { PageParams } from '../core/pagination/page-params.decorator';
import { UrlBuilder } from '../core/urls/url-builder';
import { Urls } from '../core/urls/urls.decorator';
import type { Project } from '../projects/project.entity';
import { AddonResponse } from './addon.serializer';
import { DeliveryResponse } from './webhook-delivery.serializer';
import { AddonContext } from './addons.repository';
import { AddonsService } from './addons.service';
import { CreateAddonDto, UpdateAddonDto } from './dto/addon-fields.dto';

/**
 * Weblate's add-on API. Add-ons are installed on a component (component.edit), a project (project.edit) or,
 * through POST /api/addons/, site-wide (management.addons); each is then managed with that same permission.
 */
@ApiTags('addons')
@Controller('api')
export class AddonsController {
  constructor(private readonly addons: AddonsService) {}

  @Get('addons')
  @Public()
  list(@CurrentActor() actor: Actor, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<AddonResponse>> {
    return this.addons.list(actor, page, urls);
  }

  /** Site-wide add-ons (Weblate installs them in its management interface): run for every component. */
  @Post('addons')
  @RequireSitePermission('management.addons')
  installSiteWide(@CurrentActor() actor: Actor, @Body() body: CreateAddonDto, @Urls() urls: UrlBuilder): Promise<AddonResponse> {
    return this.addons.install({ site: true }, body, actor, urls);
  }

  @Get('addons/:id')
  @ViewTarget('addon')
  get(@Target() context: AddonContext, @CurrentActor() actor: Actor, @Urls() urls: UrlBuilder): AddonResponse {
    return this.addons.get(context, actor, urls);
  }

  @Put('addons/:id')
  @ManageTarget('addon')
  replace(@Target() context: AddonContext, @CurrentActor() actor: Actor, @Body() body: UpdateAddonDto, @Urls() urls: UrlBuilder): Promise<AddonResponse> {
    return this.addons.update(context, body, actor, urls, false);
  }

  @Patch('addons/:id')
  @ManageTarget('addon')
  update(@Target() context: AddonContext, @CurrentActor() actor: Actor, @Body() body: UpdateAddonDto, @Urls() urls: UrlBuilder): Promise<AddonResponse> {
    return this.addons.update(context, body, actor, urls, true);
  }

  @Delete('addons/:id')
  @HttpCode(204)
  @ManageTarget('addon')
  async remove(@Target() context: AddonContext, @CurrentActor() actor: Actor): Promise<void> {
    await this.addons.remove(context, actor);
  }

  /** Runs the add-on now, as a task (Weblate 5.17): 202 with the task's URL. */
  @Post('addons/:id/trigger')
  @HttpCode(202)
  @ManageTarget('addon')
  trigger(@Target() context: AddonContext, @Urls() urls: UrlBuilder): Promise<{ detail: string; url: string; logs_url: string }> {
    return this.addons.trigger(context, urls);
  }

  /** This server's: a webhook add-on's deliveries (change, attempts, last status, error), for those who manage it. */
  @Get('addons/:id/deliveries')
  @ManageTarget('addon')
  deliveries(@Target() context: AddonContext, @PageParams() page: PageRequest, @Urls() urls: UrlBuilder): Promise<Page<DeliveryResponse>> {
    return this.addons.deliveries(context, page, urls);
  }

  @Post('components/:project/:component/addons')
  @RequirePermission('component.edit', 'component')
  installOnComponent(@Target() component: ComponentContext, @CurrentActor() actor: Actor, @Body() body: CreateAddonDto, @Urls() urls: UrlBuilder): Promise<AddonResponse> {
    return this.addons.install({ component }, body, actor, urls);
  }

  @Post('projects/:project/addons')
  @RequirePermission('project.edit', 'project')
  installOnProject(@Target() project: Project, @CurrentActor() actor: Actor, @Body() body: CreateAddonDto, @Urls() urls: UrlBuilder): Promise<AddonResponse> {
    return this.addons.install({ project }, body, actor, urls);
  }
}
