import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Component } from '../components/component.entity';
import { FileRevision, getFormat, isMonolingual, TranslationFormat, TranslationUnit, unitId } from '../formats';
import { WorkingCopy } from '../vcs/working-copy';
import { TranslationFileError } from './translation-file-error';
import { TranslationFileInfo } from './translation-languages';

/**
 * A translation's file as its units say it should be: the stored file with the strings changed in the database
 * written in by the component's format. Commits write it to the working copy; downloads serve it directly, so a
 * download includes changes not yet committed.
 */
@Injectable()
export class TranslationRenderer {
  async hasChanges(manager: EntityManager, translationId: number): Promise<boolean> {
    const [row]: { dirty: boolean }[] = await manager.query(
      `SELECT t.needs_write OR EXISTS (SELECT 1 FROM units u WHERE u.translation_id = t.id AND u.pending) AS dirty
       FROM translations t WHERE t.id = $1`,
      [translationId],
    );
    return Boolean(row?.dirty);
  }

  /** `revision`: set when the file is written for a commit, so headers that record one (PO) are updated. */
  async render(manager: EntityManager, component: Component, translation: TranslationFileInfo, repository: WorkingCopy, revision?: FileRevision): Promise<Buffer> {
    const format = getFormat(component.fileFormat);
    if (!format) throw new TranslationFileError(translation.filename, new Error(`Unknown file format ${component.fileFormat}.`));
    const template = component.template && !translation.isSource ? await readOptional(repository, component.template) : undefined;
    try {
      const original = await readOptional(repository, translation.filename);
      const monolingual = isMonolingual(format, component.template !== '');
      const units = await loadFileUnits(manager, translation.id, monolingual);
      const plural = { language: translation.languageCode, pluralCategories: translation.plural.categories };
      return await format.serialize(monolingual && !translation.isSource ? await monolingualFileUnits(format, units, original, plural) : units, {
        original,
        template,
        language: translation.languageCode,
        pluralCount: translation.plural.count,
        pluralCategories: translation.plural.categories,
        pluralForms: translation.plural.pluralForms,
        revision,
        monolingual,
      });
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

/** The units of a translation in file order, in the shape formats read and write. */
export async function loadFileUnits(manager: EntityManager, translationId: number, monolingual: boolean): Promise<TranslationUnit[]> {
  const rows: Record<string, unknown>[] = await manager.query(
    `SELECT context, source, target, state, note, location, flags, previous_source, position
     FROM units WHERE translation_id = $1 ORDER BY position, id`,
    [translationId],
  );
  return rows.map((row) => {
    const source = row.source as string[];
    const context = String(row.context);
    return {
      id: unitId(monolingual, context, source),
      context,
      source,
      target: row.target as string[],
      state: Number(row.state) as TranslationUnit['state'],
      note: String(row.note),
      location: String(row.location),
      flags: String(row.flags),
      previousSource: String(row.previous_source),
      position: Number(row.position),
    };
  });
}

export async function readOptional(repository: WorkingCopy, path: string): Promise<Buffer | undefined> {
  try {
    return await repository.readFile(path);
  } catch {
    return undefined;
  }
}
