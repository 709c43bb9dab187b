import RE2 from 're2';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { LanguageLookup } from '../languages/language-lookup';
import { Filemask } from './filemask';
import { TranslationsRepository } from './translations.repository';

export interface DiscoveryResult {
  /** Language codes (as in the repository) that have a translation now. */
  languages: string[];
  /** Files matching the mask that are not a translation: an unknown or filtered language, or a second file of one. */
  skipped: SkippedFile[];
}

/** A translation the component has, as unchangedBy compares it with an update's changed files. */
export interface KnownTranslation {
  filename: string;
  languageCode: string;
  isSource: boolean;
}

interface SkippedFile {
  path: string;
  reason: string;
  /** The alert naming a condition the project should fix, recorded in the change log; a filtered language is none. */
  alert?: 'UnknownLanguage' | 'DuplicateLanguage';
}

/**
 * Finds a component's translation files with its file mask and keeps one translation row per language,
 * plus the source translation (the template for monolingual formats). Parsing the files is the units'
 * concern; this only decides which translations exist.
 */
@Injectable()
export class TranslationDiscovery {
  constructor(
    private readonly languages: LanguageLookup,
    private readonly translations: TranslationsRepository,
  ) {}

  async sync(manager: EntityManager, component: Component, files: string[]): Promise<DiscoveryResult> {
    const mask = new Filemask(component.filemask);
    const filter = languageFilter(component.languageRegex);
    const found = files
      .map((path) => ({ path, code: mask.codeOf(path) }))
      .filter((file): file is { path: string; code: string } => file.code !== null);
    const languages = await this.languages.resolveFileCodes(manager, [...new Set(found.map((file) => file.code))]);
    const skipped: SkippedFile[] = [];
    const rows = new Map<number, { languageId: number; code: string; path: string; isSource: boolean }>();
    // Of two files for one language (`de.yml` and `de-DE.yml`), the one named by the language's own code is it.
    const exact = (file: { code: string }) => languages.get(file.code)?.code.toLowerCase() === file.code.replace(/-/g, '_').toLowerCase();
    found.sort((a, b) => Number(exact(b)) - Number(exact(a)));
    for (const file of found) {
      const language = languages.get(file.code);
      const taken = language && rows.get(language.id);
      if (!language) skipped.push({ path: file.path, reason: `unknown language code "${file.code}"`, alert: 'UnknownLanguage' });
      else if (!filter(file.code)) skipped.push({ path: file.path, reason: `language "${file.code}" is filtered out by language_regex` });
      else if (taken) skipped.push({ path: file.path, reason: `${taken.path} is the ${language.name} translation already`, alert: 'DuplicateLanguage' });
      else rows.set(language.id, { languageId: language.id, code: file.code, path: file.path, isSource: false });
    }
    // The source translation: the monolingual template, or the source language's own file if there is one.
    const sourceFile = rows.get(component.sourceLanguageId);
    rows.set(component.sourceLanguageId, {
      languageId: component.sourceLanguageId,
      code: sourceFile?.code ?? (await this.sourceCode(manager, component)),
      path: component.template || sourceFile?.path || '',
      isSource: true,
    });
    const list = [...rows.values()];
    await this.translations.syncDiscovered(manager, component.id, list, component.template !== '');
    return { languages: list.filter((r) => !r.isSource).map((r) => r.code).sort(), skipped };
  }

  /**
   * After an update that changed only `changed` among the component's files: when each is still there and is the
   * file of one of its `translations` (as read in the scan's transaction), the translations stay as they are and
   * nothing is written (re-stating them was a quarter of each component's scan in a push hook for a hundred
   * components); otherwise null, and `sync` decides.
   */
  unchangedBy(translations: readonly KnownTranslation[], files: string[], changed: ReadonlySet<string>): DiscoveryResult | null {
    const present = new Set(files);
    const known = new Set(translations.map(({ filename }) => filename));
    if ([...changed].some((path) => !present.has(path) || !known.has(path))) return null;
    return { languages: translations.filter(({ isSource }) => !isSource).map(({ languageCode }) => languageCode).sort(), skipped: [] };
  }

  /** A translation whose file was removed (when a language is deleted): its strings and history go with it. */
  forget(manager: EntityManager, translationId: number): Promise<void> {
    return this.translations.delete(manager, translationId);
  }

  private async sourceCode(manager: EntityManager, component: Component): Promise<string> {
    const language = await this.languages.findById(component.sourceLanguageId, manager);
    return language!.code;
  }
}

/** language_regex runs on RE2, as every user-supplied pattern (validated on RE2 when stored). */
function languageFilter(source: string): (code: string) => boolean {
  if (!source) return () => true;
  try {
    const regex = new RE2(source, 'u');
    return (code) => regex.test(code);
  } catch {
    return () => true;
  }
}
