import RE2 from 're2';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { DataSource, EntityManager } from 'typeorm';
import { UserPermissions } from '../auth/user-permissions';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { Component } from '../components/component.entity';
import { workingCopyOwner, type ComponentContext } from '../components/component-context';
import { AppConfig } from '../config/app-config';
import { PermissionDeniedError, ValidationError } from '../core/errors/domain-error';
import { getFormat, isMonolingual, TranslationFormat, UnitState } from '../formats';
import { Language } from '../languages/language.entity';
import { LanguageLookup } from '../languages/language-lookup';
import { translationPlural } from '../languages/translation-plural';
import { messageVariables, renderMessage } from '../working-copies/commit-message';
import { WorkingCopyPipeline } from '../working-copies/working-copy-pipeline';
import { writtenRevision } from '../units/file-revision';
import { TranslationScanner } from '../units/translation-scanner';
import { User } from '../users/user.entity';
import { WorkingCopy } from '../vcs/working-copy';
import { normalizeRelativePath } from '../vcs/work-tree';
import { Filemask } from './filemask';
import { formatLanguageCode } from './language-code-style';
import { TranslationDiscovery } from './translation-discovery';
import { TranslationLookup } from './translation-lookup';
import { TRANSLATION_RULES } from './translation.rules';
import { demand } from '../auth/policy/object-rules';
import type { TranslationContext } from './translation-context';
import { signatureOf, WEBLATE_COMMITTER } from '../working-copies/signatures';
import { componentScope } from '../auth/scopes';
import { UrlBuilder } from '../core/urls/url-builder';
import { retryingTransaction } from '../database/retrying-transaction';

/**
 * Adding a language to a component (a new file from the component's base, committed with `add_message`) and
 * removing one (its file deleted and committed with `delete_message`), as Weblate's `add_new_language` and
 * `Translation.remove`. Both hold the working copy's lock, so they never interleave with commits or pulls.
 */
@Injectable()
export class TranslationLifecycleService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly pipeline: WorkingCopyPipeline,
    private readonly scanner: TranslationScanner,
    private readonly changes: ChangesService,
    private readonly languages: LanguageLookup,
    private readonly translations: TranslationLookup,
    private readonly discovery: TranslationDiscovery,
  ) {}

  async add(context: ComponentContext, languageCode: string, permissions: UserPermissions, user: User, urls: UrlBuilder): Promise<TranslationContext> {
    const language = await this.languages.findByCode(languageCode);
    if (!language) throw ValidationError.field('language_code', `No language code '${languageCode}' found!`);
    // As Weblate: component editors may add languages whatever new_lang says; everybody else only with "add".
    if (context.component.newLang !== 'add') demand(permissions, TRANSLATION_RULES.addLanguageAnyway, componentScope(context));
    return this.addLanguage(context, language, { user, details: {} }, urls);
  }

  /**
   * An add-on adding a language (Weblate's language consistency, whose bot may not edit components): only where
   * new_lang lets anybody add one. Refusals are the same DomainErrors as the API's; the change carries `details`.
   */
  async addByAddon(context: ComponentContext, language: Language, details: Record<string, unknown>, urls: UrlBuilder): Promise<TranslationContext> {
    if (context.component.newLang !== 'add') throw new PermissionDeniedError('You do not have permission to add a language');
    return this.addLanguage(context, language, { user: null, details }, urls);
  }

  /** `by.user` null: nobody's (an add-on's), committed under Weblate's name. */
  private async addLanguage(
    context: ComponentContext, language: Language, by: { user: User | null; details: Record<string, unknown> }, urls: UrlBuilder,
  ): Promise<TranslationContext> {
    const { component, project } = context;
    const format = getFormat(component.fileFormat);
    if (!format) throw new PermissionDeniedError('Could not add new translation file.');
    if (language.id === component.sourceLanguageId) {
      throw ValidationError.field('language_code', 'The given language is used as a source language.');
    }
    if (await this.translations.existsFor(component.id, language.id)) {
      throw ValidationError.field('language_code', 'The given language already exists.');
    }
    const code = formatLanguageCode(language.code, component.languageCodeStyle, format.id);
    if (!matchesLanguageFilter(component.languageRegex, code)) {
      throw ValidationError.field('language_code', 'The given language is filtered by the language filter.');
    }
    const filename = new Filemask(component.filemask).pathFor(code);
    const owner = workingCopyOwner(context);

    await this.pipeline.withWorkingCopy(owner, async (session) => {
      const { repository } = session;
      if (await exists(repository, filename)) throw ValidationError.field('language_code', 'Translation file already exists!');
      const content = await this.newFile(format, component, repository, language, code);
      await repository.writeFile(filename, content);
      try {
        await session.commit({
          component,
          files: [filename],
          message: renderMessage(component.addMessage, this.messageVariables(context, language, code, urls)),
          author: signatureOf(by.user),
          committer: WEBLATE_COMMITTER,
        });
      } catch (error) {
        await rm(join(repository.workDir, normalizeRelativePath(filename)), { force: true });
        throw error;
      }
      return retryingTransaction(this.dataSource, async (manager) => {
        await this.scanner.scan(manager, component, repository);
        const translationId = await this.translations.idFor(manager, component.id, language.id);
        if (translationId === null) throw ValidationError.field('language_code', `Could not add '${language.code}'!`);
        await this.changes.record(manager, {
          action: ChangeAction.AddedLanguage,
          projectId: project.id,
          componentId: component.id,
          translationId,
          languageId: language.id,
          userId: by.user?.id ?? null,
          authorId: by.user?.id ?? null,
          target: language.code,
          details: by.details,
        });
      });
    });
    return (await this.translations.findInComponent(context, code))!;
  }

  async remove(context: TranslationContext, user: User, urls: UrlBuilder): Promise<void> {
    const { translation, component: componentContext, language } = context;
    const { component, project } = componentContext;
    if (translation.isSource) throw new PermissionDeniedError('Can not delete translation: the source language cannot be removed.');
    const owner = workingCopyOwner(componentContext);
    await this.pipeline.withWorkingCopy(owner, async (session) => {
      if (translation.filename) {
        if (await exists(session.repository, translation.filename)) {
          await rm(join(session.repository.workDir, normalizeRelativePath(translation.filename)), { force: true });
          await session.commit({
            component,
            files: [translation.filename],
            message: renderMessage(component.deleteMessage, this.messageVariables(componentContext, language, translation.languageCode, urls)),
            author: signatureOf(user),
            committer: WEBLATE_COMMITTER,
          });
        }
      }
      await retryingTransaction(this.dataSource, async (manager: EntityManager) => {
        await this.discovery.forget(manager, translation.id);
        await this.changes.record(manager, {
          action: ChangeAction.RemoveTranslation,
          projectId: project.id,
          componentId: component.id,
          languageId: language.id,
          userId: user.id,
          authorId: user.id,
          target: translation.filename,
        });
      });
    });
  }

  /**
   * A new file starts from `new_base` (for monolingual formats, the template when there is none) with every
   * string untranslated; without a base, it is the format's empty file. The base must parse: Weblate refuses
   * to add languages from an invalid template.
   */
  private async newFile(format: TranslationFormat, component: Component, repository: WorkingCopy, language: Language, code: string): Promise<Buffer> {
    const monolingual = isMonolingual(format, component.template !== '');
    const basePath = component.newBase || (monolingual ? component.template : '');
    const { count, categories, pluralForms } = translationPlural(component.fileFormat, code, language.plurals?.[0]);
    const options = { language: code, pluralCount: count, pluralCategories: categories, pluralForms, revision: writtenRevision(new Date()) };
    if (!basePath) return format.serialize([], options);
    let base: Buffer;
    try {
      base = await repository.readFile(basePath);
    } catch {
      throw new PermissionDeniedError(monolingual && !component.newBase ? 'The monolingual base language file is invalid.' : 'The template for new translations is invalid.');
    }
    try {
      const template = monolingual ? await repository.readFile(component.template).catch(() => base) : undefined;
      const { units } = await format.parse(base, { template, monolingual: monolingual ? 'base' : undefined, language: code });
      // A monolingual file without a new_base starts empty: keys written with empty values would hide the
      // fallback to the source language at run time. Otherwise plural strings get every form of the language
      // (msgstr[0..nplurals-1]), not the template's count; keys the template marks untranslatable stay out.
      const empty = monolingual && !component.newBase
        ? []
        : units
          .filter((unit) => !monolingual || unit.state !== UnitState.ReadOnly)
          .map((unit) => ({ ...unit, target: emptyForms(unit.source.length > 1 ? count : 1), state: UnitState.Empty, previousSource: '' }));
      return await format.serialize(empty, { ...options, template: base, monolingual });
    } catch (error) {
      throw new PermissionDeniedError(`The template for new translations is invalid: ${(error as Error).message}`);
    }
  }

  /** The Django-template variables of Weblate's add and delete messages. */
  private messageVariables(context: ComponentContext, language: Language, code: string, urls: UrlBuilder): Record<string, unknown> {
    return messageVariables({
      project: context.project,
      component: context.component,
      language,
      url: urls.translationWeb(context.project.slug, context.path, code),
      siteTitle: this.config.siteTitle,
    });
  }
}

function emptyForms(count: number): string[] {
  return Array.from({ length: count }, () => '');
}

async function exists(repository: WorkingCopy, path: string): Promise<boolean> {
  return repository.readFile(path).then(
    () => true,
    () => false,
  );
}

/** language_regex runs on RE2, as every user-supplied pattern (validated on RE2 when stored). */
function matchesLanguageFilter(source: string, code: string): boolean {
  if (!source) return true;
  try {
    return new RE2(source, 'u').test(code);
  } catch {
    return true;
  }
}
