import { Injectable, Logger } from '@nestjs/common';
import { ComponentLookup } from '../components/component-lookup';
import { AppConfig } from '../config/app-config';
import { DomainError } from '../core/errors/domain-error';
import { UrlBuilder } from '../core/urls/url-builder';
import { LanguageLookup } from '../languages/language-lookup';
import { TasksService } from '../tasks/tasks.service';
import { TranslationLifecycleService } from '../translations/translation-lifecycle.service';
import type { Addon } from './addon.entity';
import { AddonsRepository } from './addons.repository';

export const LANGUAGE_CONSISTENCY = 'weblate.consistency.languages';

/**
 * Weblate's "Add missing languages": every component of a project gets the languages of the others, added as
 * `POST /api/components/<p>/<c>/translations/` adds them (a file from the component's base, committed through the
 * working-copy pipeline, an AddedLanguage change), attributed to the add-on. A component that can not take a
 * language (new_lang does not let anybody add one, the language filter, no usable base) is passed over, as Weblate
 * does. Adding commits to repositories, so it never runs inside an event's transaction: after a language is added,
 * the add-on queues a task (Weblate's `language_consistency` task).
 */
@Injectable()
export class LanguageConsistency {
  private readonly logger = new Logger('addons');

  constructor(
    private readonly addons: AddonsRepository,
    private readonly components: ComponentLookup,
    private readonly languages: LanguageLookup,
    private readonly lifecycle: TranslationLifecycleService,
    private readonly tasks: TasksService,
    private readonly config: AppConfig,
  ) {}

  /**
   * After a language was added: the project's other components get it, in a task. Languages this add-on added
   * are not followed (Weblate adds them without the post-add signal): the other components have them already, so
   * following them would only queue tasks that find nothing to do.
   */
  async languageAdded(addon: Addon, details: Record<string, unknown>, projectId: number | null, languageId: number | null): Promise<number> {
    if (details.addon === LANGUAGE_CONSISTENCY || projectId === null || languageId === null) return 0;
    await this.tasks.start('addon.languages', { addonId: addon.id, projectId, languageIds: [languageId] });
    return 0;
  }

  /** Adds the languages (every language of the project when null) where they are missing; returns how many it added. */
  async ensure(addon: Addon, projectId: number, languageIds: readonly number[] | null): Promise<number> {
    const present = await this.addons.translationLanguages(projectId);
    const languages = await this.languages.findByIds([...new Set(languageIds ?? present.map((row) => row.languageId))]);
    const urls = new UrlBuilder(this.config.siteUrl ?? '');
    let added = 0;
    for (const context of await this.components.findAllOfProject(projectId)) {
      const has = new Set(present.filter((row) => row.componentId === context.component.id).map((row) => row.languageId));
      for (const language of languages.filter((candidate) => !has.has(candidate.id) && candidate.id !== context.component.sourceLanguageId)) {
        try {
          await this.lifecycle.addByAddon(context, language, { addon: addon.name, addon_id: addon.id }, urls);
          added++;
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          this.logger.log({ addonId: addon.id, componentId: context.component.id, language: language.code }, `language not added for consistency: ${error.message}`);
        }
      }
    }
    return added;
  }
}
