import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { Component } from '../components/component.entity';
import { getFormat, isMonolingual, ParseOptions, TranslationFormat, TranslationUnit, UnitState } from '../formats';
import { WorkingCopy } from '../vcs/working-copy';
import { fileRevision } from './file-revision';
import { TranslationFileError } from './translation-file-error';
import { loadTranslationFiles, projectCheckFlags, setRevision, TranslationFileInfo } from './translation-files.repository';
import { TranslationStatistics } from './translation-statistics.repository';
import { failingChecksFor, joinFlags } from './unit-checks';
import { toRow, UnitRow } from './unit-rows';
import { storeUnits } from './unit-rows.repository';

/** Formats whose files say a string needs editing (fuzzy flags, states): for the others, the database's word stays. */
const EXPRESSES_NEEDS_EDITING = new Set(['po', 'po-mono', 'ts', 'xliff', 'plainxliff', 'xliff2', 'csv', 'xlsx']);

export interface ImportSummary {
  /** Translations whose file changed and were read again. */
  updated: number;
  units: number;
  /** Translation files that could not be read: their translations keep the strings they had, the others go on. */
  unreadable: { path: string; reason: string }[];
}

export interface ImportOptions {
  /** Read every file, changed or not. */
  force?: boolean;
  /**
   * The files known to have changed (an update's diff): the other translation files are not read. It applies only
   * where the source strings come from an unchanged template; bilingual sources are the union of every file.
   */
  only?: ReadonlySet<string>;
}

interface ParsedTranslation {
  info: TranslationFileInfo;
  revision: string;
  units: TranslationUnit[];
}

/**
 * Reads a component's translation files into units. Files whose content (and template) did not change since the
 * last read are skipped, unless forced. Source units are the template's strings for monolingual formats and the
 * union of every file's source strings for bilingual ones, always read-only unless the template is editable.
 */
@Injectable()
export class UnitImport {
  constructor(
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
  ) {}

  async importComponent(manager: EntityManager, component: Component, repository: WorkingCopy, options: ImportOptions = {}): Promise<ImportSummary> {
    const format = getFormat(component.fileFormat);
    if (!format) throw new TranslationFileError(component.filemask, new Error(`Unknown file format ${component.fileFormat}.`));
    const translations = await loadTranslationFiles(manager, component.id);
    const template = component.template ? await this.read(repository, component.template) : undefined;
    const monolingual = isMonolingual(format, template !== undefined);
    const parsed: ParsedTranslation[] = [];
    const unreadable: ImportSummary['unreadable'] = [];
    const only = template !== undefined && !options.only?.has(component.template) ? options.only : undefined;
    for (const info of translations.filter((translation) => !translation.isSource && (!only || only.has(translation.filename)))) {
      // One malformed file (a duplicate key, broken XML) is reported and left out; it does not stop the others.
      try {
        const data = await this.read(repository, info.filename);
        parsed.push({ info, revision: fileRevision(data, template), units: await this.parse(format, data, info, { template: monolingual ? template : undefined }) });
      } catch (error) {
        if (!(error instanceof TranslationFileError)) throw error;
        unreadable.push({ path: info.filename, reason: error.message });
        await this.changes.record(manager, { action: ChangeAction.ParseError, componentId: component.id, translationId: info.id, target: error.message });
      }
    }
    const source = translations.find((translation) => translation.isSource);
    if (!source) return { updated: 0, units: 0, unreadable };
    const sourceUnits = template
      ? await this.parse(format, template, source, { monolingual: monolingual ? 'base' : undefined })
      : unionOfSources(parsed.map((translation) => translation.units));
    const sourceState = template && component.editTemplate ? UnitState.Translated : UnitState.ReadOnly;
    const all: ParsedTranslation[] = [
      { info: source, revision: fileRevision(template ?? Buffer.from(sourceUnits.map((unit) => unit.id).join('\n'))), units: sourceUnits.map((unit) => ({ ...unit, state: sourceState })) },
      ...parsed,
    ];
    const changed = all.filter((translation) => options.force || translation.revision !== translation.info.revision);
    const flags = joinFlags(await projectCheckFlags(manager, component.projectId), component.checkFlags);
    let units = 0;
    // The source translation comes first: the others link to its units.
    for (const translation of changed) {
      units += await this.store(manager, flags, translation, translation.info.isSource ? null : source.id, !EXPRESSES_NEEDS_EDITING.has(component.fileFormat));
    }
    await this.statistics.recount(manager, changed.map((translation) => translation.info.id));
    return { updated: changed.length, units, unreadable };
  }

  /**
   * `checkFlags`: the project's and component's check_flags, which apply to every string; `sourceTranslationId`: the
   * translation whose units the strings link to, null when storing the source translation itself; `keepNeedsEditing`: see storeUnits.
   */
  private async store(manager: EntityManager, checkFlags: string, translation: ParsedTranslation, sourceTranslationId: number | null, keepNeedsEditing: boolean): Promise<number> {
    const { info } = translation;
    // A file read before that now has new strings announces each (unit.post-create): they came from the
    // repository. The first read of a file (a new component or language) announces none, as Weblate.
    const announce = info.revision !== '';
    const { stored, added } = await storeUnits(manager, info.id, fileRows(translation, checkFlags), {
      sourceTranslationId, keepNeedsEditing, removeOthers: true, reportAdded: announce,
    });
    if (added.length) {
      const action = info.isSource ? ChangeAction.NewSourceRepo : ChangeAction.NewUnitRepo;
      await this.changes.recordMany(manager, added.map((unitId) => ({ action, translationId: info.id, unitId })));
    }
    await setRevision(manager, info.id, translation.revision);
    return stored;
  }

  private async parse(
    format: TranslationFormat, data: Buffer, info: TranslationFileInfo, keyed: Pick<ParseOptions, 'template' | 'monolingual'>,
  ): Promise<TranslationUnit[]> {
    try {
      const file = await format.parse(data, { ...keyed, language: info.languageCode, pluralCategories: info.plural.categories });
      return file.units;
    } catch (error) {
      return TranslationFileError.wrap(info.filename, error);
    }
  }

  private async read(repository: WorkingCopy, path: string): Promise<Buffer> {
    try {
      return await repository.readFile(path);
    } catch (error) {
      throw new TranslationFileError(path, error);
    }
  }
}

/**
 * The rows of a file's strings with their failing checks, made one at a time as the copy into the database asks
 * for them. A key repeated in one file is one string, as in Weblate; the first occurrence wins.
 */
function* fileRows({ info, units }: ParsedTranslation, checkFlags: string): Generator<UnitRow> {
  const scope = { flags: checkFlags, pluralCount: info.plural.count, languageCode: info.languageCode, isSource: info.isSource };
  const seen = new Set<string>();
  for (const unit of units) {
    const state = /(^|,)\s*read-only\s*(,|$)/.test(joinFlags(unit.flags)) ? UnitState.ReadOnly : unit.state;
    const target = info.isSource ? unit.target : fitPluralForms(unit, info.plural.count);
    const row = toRow({ ...unit, target, state }, failingChecksFor({ ...unit, target, state }, scope));
    if (seen.has(row.idHash)) continue;
    seen.add(row.idHash);
    yield row;
  }
}

/**
 * A plural string holds exactly the translation's number of forms, whatever the file had (Weblate
 * `get_target_plurals`): missing forms are untranslated, extra ones are not shown, accepted or written.
 */
function fitPluralForms(unit: TranslationUnit, count: number): string[] {
  if (unit.source.length < 2 && unit.target.length < 2) return unit.target;
  return Array.from({ length: count }, (_, index) => unit.target[index] ?? '');
}

/** Bilingual source strings: every distinct string of the translation files, in first-seen order. */
function unionOfSources(files: readonly TranslationUnit[][]): TranslationUnit[] {
  const byId = new Map<string, TranslationUnit>();
  for (const units of files) {
    for (const unit of units) {
      if (!byId.has(unit.id)) byId.set(unit.id, { ...unit, target: [...unit.source], previousSource: '', position: byId.size + 1 });
    }
  }
  return [...byId.values()];
}
