import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import type { Actor } from '../auth/policy/current-actor';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import type { ComponentContext } from '../components/component-context';
import { AppConfig } from '../config/app-config';
import { ValidationError } from '../core/errors/domain-error';
import { Page, PageRequest, paginate } from '../core/pagination/page';
import { UrlBuilder } from '../core/urls/url-builder';
import type { Project } from '../projects/project.entity';
import { checkConfigurationUrls, parseConfigurationJson, validConfiguration } from '../core/validation/configuration-schema';
import { AddonDefinition, addonDefinition, UNAVAILABLE } from './addon-catalogue';
import { mayManage, mayManageSiteWide } from './addon-access';
import { AddonReferences } from './addon-references';
import { AddonRunners } from './addon-runners';
import { TasksService } from '../tasks/tasks.service';
import { DeliveryResponse, serializeDelivery } from './webhook-delivery.serializer';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository';
import { AddonResponse, serializeAddon } from './addon.serializer';
import { AddonContext, AddonsRepository, AddonTarget } from './addons.repository';
import { CreateAddonDto, UpdateAddonDto } from './dto/addon-fields.dto';

/** Where a new add-on goes: a component, a project (project-wide), or the site. */
export type InstallTarget = { component: ComponentContext } | { project: Project } | { site: true };

/**
 * Installing, configuring and removing add-ons, as Weblate's API does; each is recorded in the change log
 * (AddonCreate, AddonChange, AddonRemove) in the transaction that does it.
 */
@Injectable()
export class AddonsService {
  constructor(
    private readonly addons: AddonsRepository,
    private readonly changes: ChangesService,
    private readonly config: AppConfig,
    private readonly runners: AddonRunners,
    private readonly tasks: TasksService,
    private readonly webhookDeliveries: WebhookDeliveriesRepository,
    private readonly references: AddonReferences,
  ) {}

  /** The add-ons of the components and projects the caller sees; site-wide ones to those who manage them. */
  async list(actor: Actor, request: PageRequest, urls: UrlBuilder): Promise<Page<AddonResponse>> {
    const filter = { visibility: actor.permissions.projectVisibility(), siteWide: mayManageSiteWide(actor.permissions) };
    const count = await this.addons.count(filter);
    return paginate(request, count, async (offset, limit) =>
      (await this.addons.page(filter, offset, limit)).map((context) => serializeAddon(context, urls, mayManage(actor.permissions, context))),
    );
  }

  get(context: AddonContext, actor: Actor, urls: UrlBuilder): AddonResponse {
    return serializeAddon(context, urls, mayManage(actor.permissions, context));
  }

  async install(target: InstallTarget, body: CreateAddonDto, actor: Actor, urls: UrlBuilder): Promise<AddonResponse> {
    const definition = installable(body.name, 'component' in target ? target.component : null);
    const configuration = await this.checkedConfiguration(definition, body.configuration);
    const where = targetIds(target);
    await this.references.check(definition, configuration, 'component' in target ? { ...where, projectId: target.component.project.id } : where);
    const id = await this.addons.transaction(async (manager) => {
      await this.addons.lockTarget(manager, where);
      if (!definition.multiple && (await this.addons.namesOn(manager, where)).includes(definition.name)) {
        throw ValidationError.field('name', `Add-on already installed: ${definition.name}`);
      }
      const addon = await this.addons.insert(manager, { name: definition.name, ...where, configuration, lastDaily: null });
      await this.record(manager, ChangeAction.AddonCreate, where, addon.id, definition.name, actor, { configuration: Object.keys(configuration) });
      return addon.id;
    });
    return serializeAddon((await this.addons.findContext(id))!, urls, true);
  }

  /** PUT and PATCH: the configuration is replaced (defaults fill what it leaves out); the name can not change. */
  async update(context: AddonContext, body: UpdateAddonDto, actor: Actor, urls: UrlBuilder, partial: boolean): Promise<AddonResponse> {
    const { addon } = context;
    if ((body.name === undefined && !partial) || (body.name !== undefined && body.name !== addon.name)) {
      throw ValidationError.field('name', 'Can not change add-on name');
    }
    const definition = addonDefinition(addon.name)!;
    if (body.configuration !== undefined || !partial) {
      const configuration = await this.checkedConfiguration(definition, body.configuration);
      await this.references.check(definition, configuration, { componentId: addon.componentId, projectId: context.project?.id ?? null });
      await this.addons.transaction(async (manager) => {
        await this.addons.updateConfiguration(manager, addon.id, configuration);
        await this.record(manager, ChangeAction.AddonChange, idsOf(context), addon.id, addon.name, actor, { configuration: Object.keys(configuration) });
      });
    }
    return serializeAddon((await this.addons.findContext(addon.id))!, urls, true);
  }

  /** Weblate 5.17's manual trigger: the add-on's own run as a task; add-ons reacting to single strings or changes have none. */
  async trigger(context: AddonContext, urls: UrlBuilder): Promise<{ detail: string; url: string; logs_url: string }> {
    if (!this.runners.runsOnItsOwn(context.addon.name)) throw ValidationError.field(null, `Add-on ${context.addon.name} can not be triggered manually.`);
    const task = await this.tasks.start('addon.trigger', { addonId: context.addon.id });
    // The task's own page carries the run's log and result.
    return { detail: 'Add-on triggered.', url: urls.task(task.id), logs_url: urls.task(task.id) };
  }

  /** A webhook add-on's delivery history, newest first (other add-ons have none). */
  async deliveries(context: AddonContext, request: PageRequest, urls: UrlBuilder): Promise<Page<DeliveryResponse>> {
    const id = context.addon.id;
    return paginate(request, await this.webhookDeliveries.count(id), async (offset, limit) =>
      (await this.webhookDeliveries.page(id, offset, limit)).map((delivery) => serializeDelivery(delivery, urls)),
    );
  }

  async remove(context: AddonContext, actor: Actor): Promise<void> {
    await this.addons.transaction(async (manager) => {
      await this.addons.delete(manager, context.addon.id);
      await this.record(manager, ChangeAction.AddonRemove, idsOf(context), context.addon.id, context.addon.name, actor);
    });
  }

  private async checkedConfiguration(definition: AddonDefinition, raw: unknown): Promise<Record<string, unknown>> {
    const configuration = validConfiguration(definition.schema, parseConfigurationJson(raw), definition.refine);
    await checkConfigurationUrls(configuration, definition.urlFields ?? [], this.config.vcsBlockPrivateHosts);
    return configuration;
  }

  /** The configuration is not recorded: it may hold secrets. The change names the add-on and which fields it has. */
  private async record(
    manager: EntityManager, action: ChangeAction, where: AddonTarget, addonId: number, name: string, actor: Actor, details: Record<string, unknown> = {},
  ): Promise<void> {
    await this.changes.record(manager, {
      action,
      componentId: where.componentId,
      projectId: where.projectId,
      userId: actor.user.id ?? null,
      authorId: actor.user.id ?? null,
      target: name,
      details: { addon: name, addon_id: addonId, ...details },
    });
  }
}

/** The add-on's definition, when it exists and can run here (on this component, for a component add-on). */
function installable(name: string, component: ComponentContext | null): AddonDefinition {
  const definition = addonDefinition(name);
  const misplaced = !component && definition?.componentOnly ? 'it works on a component, not project-wide or site-wide.' : null;
  const reason = definition ? misplaced ?? ((component && definition.incompatibility?.(component.component)) || null) : UNAVAILABLE[name];
  if (!definition && reason === undefined) throw ValidationError.field('name', `Add-on not found: ${name}`);
  if (!definition || reason) throw ValidationError.field('name', `could not enable add-on ${name}, not compatible: ${reason}`);
  return definition;
}

function targetIds(target: InstallTarget): AddonTarget {
  if ('component' in target) return { componentId: target.component.component.id, projectId: null };
  if ('project' in target) return { componentId: null, projectId: target.project.id };
  return { componentId: null, projectId: null };
}

/** The change of a component add-on names its project too, so project-wide change lists show it. */
function idsOf({ addon, component }: AddonContext): AddonTarget {
  return { componentId: addon.componentId, projectId: component?.project.id ?? addon.projectId };
}
