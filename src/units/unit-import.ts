import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangeRecord, ChangesService } from '../changes/changes.service';
import { Component } from '../components/component.entity';
import { getFormat, isMonolingual, ParseOptions, readUnits, TranslationFormat, TranslationUnit, UnitState } from '../formats';
import { WorkingCopy } from '../vcs/working-copy';
import { fileRevision } from './file-revision';
import { TranslationFileError } from './translation-file-error';
import { loadTranslationFiles, projectCheckFlags, setRevision, TranslationFileInfo } from './translation-files.repository';
import { TranslationStatistics } from './translation-statistics.repository';
import { failingChecksFor, joinFlags } from './unit-checks';
import { toRow, UnitRow } from './unit-rows';
import { hash52 } from './unit-hash';
import { analyzeUnits, ANALYZE_FROM, storeUnits } from './unit-rows.repository';
import { withSavepoint } from '../database/savepoint';

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
  /** The component's translations, when the caller read them in this transaction and they have not changed since. */
  translations?: TranslationFileInfo[];
}

/** A translation's file as read: its units (one at a time where the format streams them) and its revision. */
interface ReadTranslation {
  info: TranslationFileInfo;
  revision: string;
  units: Iterable<TranslationUnit>;
}

/** Whether a translation's file, at this revision, is to be read (it changed, or the import is forced). */
type Changed = (info: TranslationFileInfo, revision: string) => boolean;

/** A translation an import stored, and how many strings it has. */
interface Stored {
  id: number;
  units: number;
}

/** What one import reads and writes with. */
interface ImportRun {
  manager: EntityManager;
  component: Component;
  repository: WorkingCopy;
  format: TranslationFormat;
  /** The template the translation files are read against (monolingual components). */
  template?: Buffer;
  /** check_flags of the project and component, which apply to every string. */
  flags: string;
  /** The format cannot say a string needs editing: see storeUnits. */
  keepNeedsEditing: boolean;
  unreadable: ImportSummary['unreadable'];
  /** The changes announcing the strings the files added, recorded in one statement once every file is stored. */
  added: ChangeRecord[];
}

/**
 * Reads a component's translation files into units. Files whose content (and template) did not change since the
 * last read are skipped, unless forced. Source units are the template's strings for monolingual formats and the
 * union of every file's source strings for bilingual ones, always read-only unless the template is editable.
 *
 * Files are read and stored one at a time, their units streamed into the database as the format reads them
 * (PO does), so an import holds one file's text, not its units: a 100k-string catalogue's units are about 85 MB.
 * A file that turns out to be malformed while it is stored is rolled back to a savepoint and reported; the others
 * go on.
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
    const translations = options.translations ?? (await loadTranslationFiles(manager, component.id));
    const template = component.template ? await this.read(repository, component.template) : undefined;
    const monolingual = isMonolingual(format, template !== undefined);
    const only = template !== undefined && !options.only?.has(component.template) ? options.only : undefined;
    const files = translations.filter((translation) => !translation.isSource && (!only || only.has(translation.filename)));
    const run: ImportRun = {
      manager, component, repository, format, template: monolingual ? template : undefined, unreadable: [], added: [],
      flags: joinFlags(await projectCheckFlags(manager, component.projectId), component.checkFlags),
      keepNeedsEditing: !EXPRESSES_NEEDS_EDITING.has(component.fileFormat),
    };
    const source = translations.find((translation) => translation.isSource);
    const changed: Changed = (info, revision) => options.force === true || revision !== info.revision;
    let stored: Stored[] = [];
    if (!source) {
      for (const info of files) await this.check(run, info, new UnionOfSources());
    } else {
      stored = template ? await this.importWithTemplate(run, template, source, files, changed, monolingual) : await this.importBilingual(run, source, files, changed);
    }
    if (run.added.length > 0) await this.changes.recordMany(manager, run.added);
    await this.statistics.recount(manager, stored.map((translation) => translation.id));
    const units = stored.reduce((sum, translation) => sum + translation.units, 0);
    if (units >= ANALYZE_FROM) await analyzeUnits(manager);
    return { updated: stored.length, units, unreadable: run.unreadable };
  }

  /** The template's strings into the source translation, then each changed file into its translation. */
  private async importWithTemplate(
    run: ImportRun, template: Buffer, source: TranslationFileInfo, files: TranslationFileInfo[],
    changed: Changed, monolingual: boolean,
  ): Promise<Stored[]> {
    const stored: Stored[] = [];
    const revision = fileRevision(template);
    if (changed(source, revision)) {
      const state = run.component.editTemplate ? UnitState.Translated : UnitState.ReadOnly;
      const units = withState(await this.units(run, source, template, { monolingual: monolingual ? 'base' : undefined }), state);
      stored.push({ id: source.id, units: await this.store(run, { info: source, revision, units }, null) });
    }
    for (const info of files) {
      const units = await this.storeTranslated(run, info, template, changed, source.id);
      if (units !== null) stored.push({ id: info.id, units });
    }
    return stored;
  }

  /** A translation file of a component with a template, read and stored unless unchanged; null when not stored. */
  private async storeTranslated(
    run: ImportRun, info: TranslationFileInfo, template: Buffer, changed: Changed, sourceTranslationId: number,
  ): Promise<number | null> {
    const data = await this.readReporting(run, info);
    const revision = data && fileRevision(data, template);
    if (!data || !revision || !changed(info, revision)) return null;
    return this.storeReporting(run, info, () => this.units(run, info, data, { template: run.template }), revision, sourceTranslationId);
  }

  /**
   * A bilingual component's source strings are every file's: each file is read through first (a malformed one is
   * left out whole), then the union is streamed into the source translation, then the changed files into theirs.
   * Each step is a method of its own, so what it read is let go when it ends (an async function keeps its last values).
   */
  private async importBilingual(
    run: ImportRun, source: TranslationFileInfo, files: TranslationFileInfo[], changed: Changed,
  ): Promise<Stored[]> {
    const union = new UnionOfSources();
    const readable: { info: TranslationFileInfo; revision: string }[] = [];
    for (const info of files) {
      const revision = await this.check(run, info, union);
      if (revision) readable.push({ info, revision });
    }
    const stored: Stored[] = [];
    const revision = union.revision();
    if (changed(source, revision)) stored.push({ id: source.id, units: await this.storeUnion(run, source, revision, union, readable) });
    for (const { info, revision: fileRevisionOf } of readable) {
      if (changed(info, fileRevisionOf)) stored.push({ id: info.id, units: await this.storeFile(run, info, fileRevisionOf, source.id) });
    }
    return stored;
  }

  /** The union of the readable files' source strings into the source translation. */
  private async storeUnion(run: ImportRun, source: TranslationFileInfo, revision: string, union: UnionOfSources, readable: { info: TranslationFileInfo }[]): Promise<number> {
    const files: Iterable<TranslationUnit>[] = [];
    for (const { info } of readable) files.push(await this.fileUnits(run, info));
    return this.store(run, { info: source, revision, units: union.sourceUnits(files) }, null);
  }

  /** A file the import checked, read again into its translation. */
  private async storeFile(run: ImportRun, info: TranslationFileInfo, revision: string, sourceTranslationId: number): Promise<number> {
    return this.store(run, { info, revision, units: await this.fileUnits(run, info) }, sourceTranslationId);
  }

  /**
   * Reads a file through, to know it is well formed before anything of it is stored, adding its strings to the
   * union; its revision, or null when it is unreadable (reported).
   */
  private async check(run: ImportRun, info: TranslationFileInfo, union: UnionOfSources): Promise<string | null> {
    const data = await this.readReporting(run, info);
    if (!data) return null;
    try {
      const ids: string[] = [];
      for (const unit of await this.units(run, info, data, {})) ids.push(unit.id);
      union.add(ids);
      return fileRevision(data);
    } catch (error) {
      if (!(error instanceof TranslationFileError)) throw error;
      await this.report(run, info, error);
      return null;
    }
  }

  /** A file the import checked: read again, its units one at a time. */
  private async fileUnits(run: ImportRun, info: TranslationFileInfo): Promise<Iterable<TranslationUnit>> {
    return this.units(run, info, await this.read(run.repository, info.filename), {});
  }

  /**
   * Stores a translation file's units under a savepoint: a file found malformed as its units stream in is rolled
   * back and reported (null), and the import goes on.
   */
  private async storeReporting(
    run: ImportRun, info: TranslationFileInfo, units: () => Promise<Iterable<TranslationUnit>>, revision: string, sourceTranslationId: number,
  ): Promise<number | null> {
    try {
      return await withSavepoint(run.manager, 'translation_file', async () => this.store(run, { info, revision, units: await units() }, sourceTranslationId));
    } catch (error) {
      if (!(error instanceof TranslationFileError)) throw error;
      await this.report(run, info, error);
      return null;
    }
  }

  /**
   * `sourceTranslationId`: the translation whose units the strings link to, null when storing the source translation
   * itself.
   */
  private async store(run: ImportRun, translation: ReadTranslation, sourceTranslationId: number | null): Promise<number> {
    const { info } = translation;
    // A file read before that now has new strings announces each (unit.post-create): they came from the
    // repository. The first read of a file (a new component or language) announces none, as Weblate.
    const announce = info.revision !== '';
    const { stored, added } = await storeUnits(run.manager, info.id, fileRows(translation, run.flags), {
      sourceTranslationId, keepNeedsEditing: run.keepNeedsEditing, removeOthers: true, reportAdded: announce,
    });
    await setRevision(run.manager, info.id, translation.revision);
    // Last: a file rolled back to its savepoint has announced nothing.
    const action = info.isSource ? ChangeAction.NewSourceRepo : ChangeAction.NewUnitRepo;
    for (const unitId of added) run.added.push({ action, translationId: info.id, unitId });
    return stored;
  }

  /** The units of a file, one at a time where its format streams them; errors of the file are TranslationFileErrors. */
  private async units(run: ImportRun, info: TranslationFileInfo, data: Buffer, keyed: Pick<ParseOptions, 'template' | 'monolingual'>): Promise<Iterable<TranslationUnit>> {
    try {
      return fileErrors(info.filename, await readUnits(run.format, data, { ...keyed, language: info.languageCode, pluralCategories: info.plural.categories }));
    } catch (error) {
      return TranslationFileError.wrap(info.filename, error);
    }
  }

  private async report(run: ImportRun, info: TranslationFileInfo, error: TranslationFileError): Promise<void> {
    run.unreadable.push({ path: info.filename, reason: error.message });
    await this.changes.record(run.manager, { action: ChangeAction.ParseError, componentId: run.component.id, translationId: info.id, target: error.message });
  }

  /** The file's content, or null when it cannot be read (reported). */
  private async readReporting(run: ImportRun, info: TranslationFileInfo): Promise<Buffer | null> {
    try {
      return await this.read(run.repository, info.filename);
    } catch (error) {
      if (!(error instanceof TranslationFileError)) throw error;
      await this.report(run, info, error);
      return null;
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

/** Units as they are read, a malformed file's error (found midway where the format streams) as a TranslationFileError. */
function* fileErrors(filename: string, units: Iterable<TranslationUnit>): Generator<TranslationUnit> {
  try {
    yield* units;
  } catch (error) {
    TranslationFileError.wrap(filename, error);
  }
}

function* withState(units: Iterable<TranslationUnit>, state: TranslationUnit['state']): Generator<TranslationUnit> {
  for (const unit of units) yield { ...unit, state };
}

/**
 * The source strings of a bilingual component: every distinct string of its translation files, in first-seen order.
 * The ids are kept (to tell first sightings and for the revision); the units are streamed from the files again.
 */
class UnionOfSources {
  /** The strings seen, by id hash (what the database tells strings apart by): a few bytes each, not the whole id. */
  private readonly seen = new Set<string>();
  private readonly hash = createHash('sha256');

  add(ids: readonly string[]): void {
    for (const id of ids) {
      const idHash = hash52(id);
      if (this.seen.has(idHash)) continue;
      this.hash.update(this.seen.size ? `\n${id}` : id);
      this.seen.add(idHash);
    }
  }

  /** The source translation's revision: the hash of the strings' ids, one per line. */
  revision(): string {
    return this.hash.copy().digest('hex');
  }

  /** The source units, read from the files again (in the order they were added): each string's first sighting. */
  *sourceUnits(files: readonly Iterable<TranslationUnit>[]): Generator<TranslationUnit> {
    const emitted = new Set<string>();
    for (const units of files) {
      for (const unit of units) {
        const idHash = hash52(unit.id);
        if (emitted.has(idHash)) continue;
        emitted.add(idHash);
        yield { ...unit, target: [...unit.source], previousSource: '', position: emitted.size, state: UnitState.ReadOnly };
      }
    }
  }
}

/**
 * The rows of a file's strings with their failing checks, made one at a time as the copy into the database asks
 * for them. A key repeated in one file is one string, as in Weblate; the first occurrence wins.
 */
function* fileRows({ info, units }: ReadTranslation, checkFlags: string): Generator<UnitRow> {
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
