import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import type { ChangeEvent } from '../events/events';
import { Automation, BulkEdit, FlagRule, Pseudolocale, UnitAutomation } from '../units/unit-automation.service';
import type { Addon } from './addon.entity';
import { ComponentDiscovery } from './discovery/component-discovery';
import { LANGUAGE_CONSISTENCY, LanguageConsistency } from './language-consistency';
import { WebhookDeliveries } from './webhook-deliveries';

/** One run of an add-on: on an event, or on its own (daily, triggered) for one component or project. */
export interface AddonRun {
  addon: Addon;
  /** What happened; null for a run of its own. */
  event: ChangeEvent | null;
  componentId: number | null;
  projectId: number | null;
}

/** Strings the repository brought: those Weblate's flag add-ons act on ("imported from the VCS"). */
const FROM_REPOSITORY = new Set<number>([ChangeAction.NewSourceRepo, ChangeAction.NewUnitRepo]);

const FLAG_RULES: Readonly<Record<string, FlagRule>> = {
  'weblate.flags.source_edit': 'source',
  'weblate.flags.target_edit': 'target',
  'weblate.flags.same_edit': 'same',
};

/** Add-ons that act on whole components: what runs daily and on a manual trigger. */
const BY_COMPONENT = new Set(['weblate.generate.prefill', 'weblate.generate.fill_read_only', 'weblate.generate.pseudolocale', 'weblate.flags.bulk']);
/** Add-ons that act on whole projects (Weblate's removal and language add-ons act on the project of the component they are on). */
const BY_PROJECT = new Set(['weblate.removal.comments', 'weblate.removal.suggestions', LANGUAGE_CONSISTENCY]);

/**
 * What each add-on does when it runs, in the caller's transaction; returns how many objects it changed (each change
 * is in the change log). A webhook only records and queues its delivery here (webhook-deliveries.ts).
 */
@Injectable()
export class AddonRunners {
  constructor(
    private readonly units: UnitAutomation,
    private readonly webhooks: WebhookDeliveries,
    private readonly languages: LanguageConsistency,
    private readonly discovery: ComponentDiscovery,
  ) {}

  /** Whether the add-on has work of its own (daily, a manual trigger), rather than reacting to one string or change. */
  runsOnItsOwn(name: string): boolean {
    return BY_COMPONENT.has(name) || BY_PROJECT.has(name);
  }

  /** The runs of its own an add-on makes over the components it covers: one per component, or per project. */
  ownRuns(addon: Addon, components: readonly { id: number; projectId: number }[]): AddonRun[] {
    if (BY_PROJECT.has(addon.name)) {
      return [...new Set(components.map((component) => component.projectId))].map((projectId) => ({ addon, event: null, componentId: null, projectId }));
    }
    return components.map((component) => ({ addon, event: null, componentId: component.id, projectId: component.projectId }));
  }

  async run(manager: EntityManager, { addon, event, componentId, projectId }: AddonRun): Promise<number> {
    const by: Automation = { addon: addon.name, addonId: addon.id };
    const rule = FLAG_RULES[addon.name];
    if (rule) return event?.unitId && FROM_REPOSITORY.has(event.action) ? this.units.markForEditing(manager, event.unitId, rule, by) : 0;
    const age = Number(addon.configuration.age);
    switch (addon.name) {
      case 'weblate.generate.prefill':
        return componentId === null ? 0 : this.units.prefill(manager, componentId, by);
      case 'weblate.generate.fill_read_only':
        return componentId === null ? 0 : this.units.fillReadOnly(manager, componentId, by);
      case 'weblate.generate.pseudolocale':
        // On a component update, the strings not yet translated; its own runs go over every string (Weblate's daily).
        return componentId === null ? 0 : this.units.generatePseudolocale(manager, componentId, pseudolocale(addon.configuration, event === null), by);
      case 'weblate.flags.bulk':
        return componentId === null ? 0 : this.units.bulkEdit(manager, componentId, bulkEdit(addon.configuration), by);
      case LANGUAGE_CONSISTENCY:
        if (event) return this.languages.languageAdded(addon, event.details, event.projectId, event.languageId);
        return projectId === null ? 0 : this.languages.ensure(addon, projectId, null);
      case 'weblate.removal.comments':
        return projectId === null ? 0 : this.units.removeOldComments(manager, projectId, age, by);
      case 'weblate.removal.suggestions':
        return projectId === null ? 0 : this.units.removeOldSuggestions(manager, projectId, age, by);
      case 'weblate.webhook.webhook':
        return event ? this.webhooks.enqueue(manager, addon, event) : 0;
      case 'weblate.discovery.discovery':
        return event ? this.discovery.onChange(addon, event) : 0;
      default:
        throw new Error(`add-on ${addon.name} has no runner`);
    }
  }
}

/** The stored configuration (checked against the add-on's schema when saved) as the units' operations take it. */
function pseudolocale(configuration: Record<string, unknown>, all: boolean): Pseudolocale {
  return {
    sourceTranslationId: Number(configuration.source),
    targetTranslationId: Number(configuration.target),
    prefix: String(configuration.prefix ?? ''),
    suffix: String(configuration.suffix ?? ''),
    varPrefix: String(configuration.var_prefix ?? ''),
    varSuffix: String(configuration.var_suffix ?? ''),
    varMultiplier: Number(configuration.var_multiplier ?? 0.1),
    all,
    includeReadOnly: configuration.include_readonly === true,
  };
}

function bulkEdit(configuration: Record<string, unknown>): BulkEdit {
  const state = Number(configuration.state ?? -1);
  const names = (value: unknown) => (Array.isArray(value) ? value.map(String) : []);
  return {
    query: String(configuration.q ?? ''),
    state: state === -1 ? null : state,
    addFlags: String(configuration.add_flags ?? ''),
    removeFlags: String(configuration.remove_flags ?? ''),
    addLabels: names(configuration.add_labels),
    removeLabels: names(configuration.remove_labels),
  };
}
