import { Injectable } from '@nestjs/common';
import RE2 from 're2';
import { ChangeAction } from '../../changes/change-actions';
import { ChangesService } from '../../changes/changes.service';
import type { ComponentContext } from '../../components/component-context';
import { ComponentCreationService } from '../../components/component-creation.service';
import { ComponentDeletionService } from '../../components/component-deletion.service';
import { ComponentLookup } from '../../components/component-lookup';
import type { Component } from '../../components/component.entity';
import { eventsOf, type ChangeEvent } from '../../events/events';
import { Filemask } from '../../translations/filemask';
import { type Automation, automationDetails } from '../../units/unit-automation.service';
import { WorkingCopies } from '../../working-copies/working-copies';
import { WorkingCopyLocks } from '../../working-copies/working-copy-locks';
import type { Addon } from '../addon.entity';
import { AddonsRepository } from '../addons.repository';
import { copiedSettings, DiscoveredFiles, discoveredFiles, freeName } from './discovered-component';
import type { DiscoveryConfiguration } from './discovery-configuration';
import { DiscoveryPattern, matchComponents } from './discovery-pattern';

const DISCOVERY = 'weblate.discovery.discovery';

/**
 * weblate.discovery.discovery (Weblate's ComponentDiscovery): on its installation or reconfiguration and after each
 * update of the repository, the files of the main component's working copy that `match` are grouped by the file mask
 * they give, and each group that is neither the main component nor one of the components sharing its working copy
 * becomes such a component, through the components module's creation (its change names the add-on, its files are
 * read by the usual setup task). With `remove`, the components it created whose files are gone are deleted.
 * Idempotent: a second run over the same files finds every component there.
 */
@Injectable()
export class ComponentDiscovery {
  constructor(
    private readonly lookup: ComponentLookup,
    private readonly creation: ComponentCreationService,
    private readonly deletion: ComponentDeletionService,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly changes: ChangesService,
    private readonly addons: AddonsRepository,
  ) {}

  /** Runs when the change calls for it; returns how many components it created or deleted. */
  async onChange(addon: Addon, event: ChangeEvent): Promise<number> {
    const own = (event.action === ChangeAction.AddonCreate || event.action === ChangeAction.AddonChange) && event.details.addon_id === addon.id;
    if (!own && !eventsOf(event.action).includes('repository.post-update')) return 0;
    const main = addon.componentId === null ? null : await this.lookup.findById(addon.componentId);
    // Installed on a component that now uses another's working copy: that one's own discovery is the one to run.
    if (!main || main.linked) return 0;
    return this.discover(addon, main, addon.configuration as unknown as DiscoveryConfiguration);
  }

  private async discover(addon: Addon, main: ComponentContext, configuration: DiscoveryConfiguration): Promise<number> {
    const by: Automation = { addon: addon.name, addonId: addon.id };
    const files = await this.locks.withLock(String(main.component.id), () => this.workingCopies.open(main.component).listFiles());
    const present = new Set(files);
    const pattern = new DiscoveryPattern(configuration.match, new RE2(configuration.language_regex, 'u'));
    const linked = (await this.lookup.sharingWorkingCopy(main.component.id)).filter((component) => component.id !== main.component.id);
    const kept = new Set<number>();
    let changed = 0;
    for (const found of matchComponents(pattern, files)) {
      const discovered = discoveredFiles(configuration, found);
      // Weblate's check_valid: the main component's own files, or templates the repository does not have, make none.
      if (found.mask === main.component.filemask || !templatesPresent(discovered, present)) continue;
      const existing = linked.find((component) => component.filemask === found.mask);
      if (existing) kept.add(existing.id);
      else if (await this.create(main, discovered, configuration.copy_addons, by)) changed++;
    }
    if (configuration.remove) changed += await this.removeVanished(linked.filter((component) => !kept.has(component.id)), present, by);
    return changed;
  }

  private async create(main: ComponentContext, discovered: DiscoveredFiles, copyAddons: boolean, by: Automation): Promise<boolean> {
    const beside = (await this.lookup.findAllOfProject(main.project.id)).filter(({ component }) => component.categoryId === main.component.categoryId);
    const named = freeName(discovered.name, beside.map(({ component }) => component));
    if (!named) throw new Error(`the component name "${discovered.name}" gives no URL slug.`);
    const id = await this.creation.createLinked(main, { ...copiedSettings(main.component), ...discovered, ...named }, by);
    if (copyAddons) await this.copyAddons(main.component, id);
    return true;
  }

  /** The main component's add-ons (this kind left out), installed on the new one as they are configured there. */
  private async copyAddons(from: Component, toId: number): Promise<void> {
    await this.addons.transaction(async (manager) => {
      const installed = await this.addons.applicable(manager, from.id, from.projectId);
      for (const addon of installed.filter(({ componentId, name }) => componentId === from.id && name !== DISCOVERY)) {
        const copy = await this.addons.insert(manager, { name: addon.name, componentId: toId, projectId: null, configuration: addon.configuration, lastDaily: null });
        await this.changes.record(manager, {
          action: ChangeAction.AddonCreate, componentId: toId, target: addon.name, details: { addon: addon.name, addon_id: copy.id, configuration: Object.keys(addon.configuration) },
        });
      }
    });
  }

  /** Weblate's cleanup, over the components this add-on created: one whose template, new_base or every file is gone goes. */
  private async removeVanished(candidates: Component[], present: ReadonlySet<string>, by: Automation): Promise<number> {
    const created = await this.changes.componentsWith(candidates.map((component) => component.id), ChangeAction.CreateComponent, automationDetails(by));
    const vanished = candidates.filter((component) => created.has(component.id) && !filesPresent(component, present));
    for (const context of await this.lookup.hydrate(vanished)) await this.deletion.remove(context, by);
    return vanished.length;
  }
}

function templatesPresent(discovered: DiscoveredFiles, present: ReadonlySet<string>): boolean {
  return [discovered.template, discovered.newBase, discovered.intermediate].every((path) => !path || present.has(path));
}

function filesPresent(component: Component, present: ReadonlySet<string>): boolean {
  if (component.template) return present.has(component.template);
  if (component.newBase) return present.has(component.newBase);
  const mask = new Filemask(component.filemask);
  return [...present].some((path) => mask.codeOf(path) !== null);
}
