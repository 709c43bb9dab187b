import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { FileRevision, getFormat, isMonolingual, TranslationFormat, TranslationUnit } from '../formats';
import { WorkingCopy } from '../vcs/working-copy';
import { TranslationFileError } from './translation-file-error';
import { hasUnwrittenChanges, loadTranslationFile, TranslationFileInfo } from './translation-files.repository';
import { loadFileUnits, RenderedVersions } from './unit-rows.repository';

/**
 * A translation's file as its units say it should be: the stored file with the strings changed in the database
 * written in by the component's format. Commits write it to the working copy; downloads serve it directly, so a
 * download includes changes not yet committed.
 */
@Injectable()
export class TranslationRenderer {
  hasChanges(manager: EntityManager, translationId: number): Promise<boolean> {
    return hasUnwrittenChanges(manager, translationId);
  }

  /** A translation's file, with its language's plural. */
  fileInfo(manager: EntityManager, translationId: number): Promise<TranslationFileInfo> {
    return loadTranslationFile(manager, translationId);
  }

  /** A translation's strings in file order, in the shape formats read and write. */
  fileUnits(manager: EntityManager, translationId: number, monolingual: boolean): Promise<TranslationUnit[]> {
    return loadFileUnits(manager, translationId, monolingual);
  }

  /**
   * `revision`: set when the file is written for a commit, so headers that record one (PO) are updated;
   * `rendered`: collects the versions of the pending units written in (see markWritten).
   */
  async render(
    manager: EntityManager, component: Component, translation: TranslationFileInfo, repository: WorkingCopy,
    { revision, rendered }: { revision?: FileRevision; rendered?: RenderedVersions } = {},
  ): Promise<Buffer> {
    const format = getFormat(component.fileFormat);
    if (!format) throw new TranslationFileError(translation.filename, new Error(`Unknown file format ${component.fileFormat}.`));
    const template = component.template && !translation.isSource ? await readOptional(repository, component.template) : undefined;
    try {
      const original = await readOptional(repository, translation.filename);
      const monolingual = isMonolingual(format, component.template !== '');
      const options = {
        original,
        template,
        language: translation.languageCode,
        pluralCount: translation.plural.count,
        pluralCategories: translation.plural.categories,
        pluralForms: translation.plural.pluralForms,
        revision,
        monolingual,
      };
      // The units not pending are what the file holds: with no string added or removed, the stored file with the
      // pending ones written in is the whole answer, without loading (or matching) every unit of a large file.
      if (format.rewriteChanged && original && !monolingual && !translation.needsWrite) {
        return format.rewriteChanged(await loadFileUnits(manager, translation.id, monolingual, { pendingOnly: true, rendered }), { ...options, original });
      }
      const units = await loadFileUnits(manager, translation.id, monolingual, { rendered });
      const plural = { language: translation.languageCode, pluralCategories: translation.plural.categories };
      return await format.serialize(monolingual && !translation.isSource ? await monolingualFileUnits(format, units, original, plural) : units, options);
    } catch (error) {
      return TranslationFileError.wrap(translation.filename, error);
    }
  }
}

/**
 * What a monolingual translation file holds, as Weblate writes it: translated strings, and the keys the file
 * already has. An untranslated key is not added as an empty value (that would hide the runtime fallback to the
 * source language), and keys the file has but the template lacks stay as they are (Weblate removes them only
 * with its cleanup add-on).
 */
async function monolingualFileUnits(
  format: TranslationFormat, units: TranslationUnit[], original: Buffer | undefined, options: { language: string; pluralCategories: readonly string[] },
): Promise<TranslationUnit[]> {
  const inFile = original ? (await format.parse(original, { ...options, monolingual: 'translation' })).units : [];
  const fileIds = new Set(inFile.map((unit) => unit.id));
  const known = new Set(units.map((unit) => unit.id));
  return [
    ...units.filter((unit) => fileIds.has(unit.id) || unit.target.some((form) => form !== '')),
    ...inFile.filter((unit) => !known.has(unit.id)),
  ];
}

export async function readOptional(repository: WorkingCopy, path: string): Promise<Buffer | undefined> {
  try {
    return await repository.readFile(path);
  } catch {
    return undefined;
  }
}
