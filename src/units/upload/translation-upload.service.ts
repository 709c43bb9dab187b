import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { UserPermissions } from '../../auth/user-permissions';
import { ChangeAction } from '../../changes/change-actions';
import { ChangeRecord, ChangesService } from '../../changes/changes.service';
import { ValidationError } from '../../core/errors/domain-error';
import { FormatError, getFormat, isMonolingual, ParseOptions, TranslationFormat, TranslationUnit, UnitState } from '../../formats';
import { assertUploadedFormsWithinLimit } from '../unit-limits';
import type { TranslationContext } from '../../translations/translation-context';
import { TranslationStatistics } from '../translation-statistics.repository';
import { failingChecksFor, joinFlags } from '../unit-checks';
import { pluralOf, translationPlural } from '../../languages/translation-plural';
import { changeScope, permissionScope, pluralCountOf } from '../unit-editing.service';
import { ComponentLockedError } from '../unit-errors';
import { hash52 } from '../unit-hash';
import { FileReplacement } from './file-replacement';
import { addMissingUnits } from './missing-units';
import { uploadFormat } from './upload-format';
import type { UploadDto } from '../dto/upload.dto';
import { readUploadOptions, Uploader, UploadOptions, UploadResult } from './upload-options';
import { PlanRules, planUpload, StoredUnit, UploadPlan } from './upload-plan';
import { NeedsWholeMatching, streamedWrites } from './streamed-upload';
import { formEntries, matchUploadedUnits, UploadPlurals } from './upload-matching';
import { demand, ObjectRule } from '../../auth/policy/object-rules';
import { UserLookup } from '../../users/user-lookup';
import { UPLOAD_RULES } from './upload.rules';
import { applyWrites, insertSuggestions, lockStoredIds, lockStoredUnits, StagedWrite } from '../unit-rows.repository';
import { withSavepoint } from '../../database/savepoint';
import { componentTranslations, recordLastChange } from '../translation-files.repository';
import { assertCanAddUnits } from '../unit-management';
import type { FileContent } from '../../core/http/multipart';
import { retryingTransaction } from '../../database/retrying-transaction';

const METHOD_RULE: Partial<Record<UploadOptions['method'], ObjectRule>> = {
  translate: UPLOAD_RULES.translate,
  fuzzy: UPLOAD_RULES.translate,
  replace: UPLOAD_RULES.translate,
  approve: UPLOAD_RULES.approve,
  suggest: UPLOAD_RULES.suggest,
  add: UPLOAD_RULES.add,
};

const TARGET_STATE: Partial<Record<UploadOptions['method'], number>> = {
  translate: UnitState.Translated,
  add: UnitState.Translated,
  suggest: UnitState.Translated,
  approve: UnitState.Approved,
  fuzzy: UnitState.Fuzzy,
};

/** Methods whose writes edit the strings found, which an upload can make a part of the file at a time. */
const STREAMED_METHODS = new Set<UploadOptions['method']>(['translate', 'approve', 'fuzzy']);

/** How an uploaded file is read. */
interface FileReading {
  format: TranslationFormat;
  options: ParseOptions;
  /** The template a monolingual file of the component's own format is read against. */
  template?: Buffer;
  /** Plural forms of the file's plural strings. */
  pluralCount: number;
  plurals: UploadPlurals;
  /** Its format reads it one string at a time, as it is (own format, no template): see streamedWrites. */
  streams: boolean;
}

/** What every change an upload records carries. */
type Credit = Omit<ChangeRecord, 'action'> & { authorId: number | null };

function planRules(options: UploadOptions): PlanRules {
  return { targetState: TARGET_STATE[options.method]!, conflicts: options.conflicts === 'ignore' ? '' : options.conflicts, fuzzy: options.fuzzy };
}

/** The file's strings, all of them, with the form entries a monolingual file read against its template would lose. */
async function parseWhole(reading: FileReading, file: FileContent): Promise<TranslationUnit[]> {
  const read = (options: ParseOptions) => reading.format.parse(file.buffer, { ...reading.options, ...options });
  let units: TranslationUnit[];
  try {
    units = (await read({ template: reading.template })).units;
    if (reading.template) units.push(...formEntries((await read({ monolingual: 'translation' })).units, units));
  } catch (error) {
    throw unreadable(error);
  }
  assertUploadable(units, reading.pluralCount);
  return units;
}

/** Strings whose plural has another number of forms than the language's, or a form over the size limit: a 400. */
function assertUploadable(units: readonly TranslationUnit[], pluralCount: number): void {
  if (units.some((unit) => unit.source.length > 1 && unit.target.length > 1 && unit.target.length !== pluralCount)) {
    throw ValidationError.field('file', 'Plural forms do not match the language.');
  }
  assertUploadedFormsWithinLimit(units);
}

/** A file the format refused, as the 400 naming it; any other error as it is. */
function unreadable(error: unknown): unknown {
  return error instanceof FormatError ? ValidationError.field('file', `Could not parse the file: ${error.message}`) : error;
}

/**
 * `source` replaces the source strings, so it needs the source translation; the source strings of a bilingual
 * component are read-only otherwise (only new ones can be added). A monolingual template is an editable file.
 */
function methodApplies(method: UploadOptions['method'], context: TranslationContext): boolean {
  if (method === 'source') return context.translation.isSource;
  if (!context.translation.isSource) return true;
  return method === 'add' || context.component.component.template !== '';
}

/**
 * POST …/file/: merges an uploaded translation file into the stored strings in one transaction, so a file that
 * fails to parse or a refused write changes nothing. Large files are parsed once and written set-based.
 */
@Injectable()
export class TranslationUploadService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly statistics: TranslationStatistics,
    private readonly changes: ChangesService,
    private readonly replacement: FileReplacement,
    private readonly users: UserLookup,
  ) {}

  async upload(context: TranslationContext, file: FileContent | undefined, fields: UploadDto, uploader: Uploader): Promise<UploadResult> {
    if (!file) throw ValidationError.field('file', 'No file was submitted.', 'required');
    const options = readUploadOptions(fields);
    this.authorize(context, options, uploader.permissions);
    if (context.component.component.locked) throw new ComponentLockedError();
    if (options.method === 'replace' || options.method === 'source') return this.replacement.replace(context, file, options, uploader);

    const reading = await this.reading(context, file);
    // A file that cannot be streamed is parsed whole before the transaction; a streamed one is read as it is written.
    const streams = reading.streams && STREAMED_METHODS.has(options.method);
    const parsed = streams ? undefined : await parseWhole(reading, file);
    return retryingTransaction(this.dataSource, async (manager) => {
      const authorId = await this.authorId(options, uploader);
      // Every change the upload records: where, by whom, credited to whom.
      const credit = { ...changeScope(context), userId: uploader.userId, authorId };
      const records: ChangeRecord[] = [];
      const counts = (streams && (await this.streamed(manager, context, reading, file, credit, options)))
        || (await this.whole(manager, context, reading, parsed ?? (await parseWhole(reading, file)), options, credit, records));
      records.push({ ...credit, action: ChangeAction.FileUpload, target: file.originalname, details: { method: options.method, accepted: counts.accepted } });
      await this.changes.recordMany(manager, records);
      await this.statistics.recount(manager, options.method === 'add' ? (await componentTranslations(manager, context.component.component.id)).map((t) => t.id) : [context.translation.id]);
      if (counts.accepted) await recordLastChange(manager, context.translation.id, authorId);
      const { total, accepted, skipped, notFound } = counts;
      return { not_found: notFound, skipped, accepted, total, result: accepted > 0, count: total };
    });
  }

  /**
   * The file's `units` matched against all the translation's at once, planned and written; the changes other than
   * the edits' (suggestions, added strings) go to `records`.
   */
  private async whole(
    manager: EntityManager, context: TranslationContext, reading: FileReading, units: readonly TranslationUnit[], options: UploadOptions,
    credit: Credit, records: ChangeRecord[],
  ): Promise<UploadPlan['counts']> {
    const stored = await lockStoredUnits(manager, context.translation.id);
    const uploaded = units.map((unit) => ({ unit, idHash: hash52(unit.id) }));
    const plan = planUpload(matchUploadedUnits(uploaded, stored, reading.plurals), planRules(options));
    const byId = new Map(stored.map((unit) => [unit.id, unit]));
    if (options.method === 'suggest') {
      await insertSuggestions(manager, plan.writes, credit.authorId);
      for (const write of plan.writes) records.push({ ...credit, action: ChangeAction.Suggestion, unitId: write.unitId, target: write.target.join('\n') });
    } else {
      await applyWrites(manager, this.stagedWrites(context, plan.writes, byId), this.changes.recordWritten({ ...credit, action: ChangeAction.Upload }));
    }
    if (options.method === 'add' && plan.missing.length) {
      const added = await addMissingUnits(manager, context, plan.missing);
      plan.counts.accepted += added.length;
      plan.counts.notFound -= added.length;
      for (const unitId of added) records.push({ ...credit, action: ChangeAction.NewUnitUpload, unitId });
    }
    return plan.counts;
  }

  /**
   * The file's strings read, matched, planned and written a part at a time (streamedWrites), under a savepoint: when
   * a string is not found by its id hash, what was written is rolled back and null says to match the file whole.
   */
  private async streamed(
    manager: EntityManager, context: TranslationContext, reading: FileReading, file: FileContent, credit: Credit, options: UploadOptions,
  ): Promise<UploadPlan['counts'] | null> {
    const ids = await lockStoredIds(manager, context.translation.id);
    const counts = { total: 0, accepted: 0, skipped: 0, notFound: 0 };
    const writes = streamedWrites({
      manager, ids, counts, rules: planRules(options),
      units: reading.format.streamUnits!(file.buffer, reading.options),
      plurals: reading.plurals,
      check: (part) => assertUploadable(part, reading.pluralCount),
      stage: (writes, byId) => this.stagedWrites(context, writes, byId),
    });
    try {
      await withSavepoint(manager, 'streamed_upload', () => applyWrites(manager, writes, this.changes.recordWritten({ ...credit, action: ChangeAction.Upload })));
      return counts;
    } catch (error) {
      if (error instanceof NeedsWholeMatching) return null;
      throw unreadable(error);
    }
  }

  /** Weblate's per-method permissions, plus overwriting and crediting someone else. */
  private authorize(context: TranslationContext, options: UploadOptions, permissions: UserPermissions): void {
    const scope = permissionScope(context);
    const need = (rule: ObjectRule | undefined) => rule && demand(permissions, rule, scope);
    // `source` needs upload.perform only, which the route's policy checked.
    need(METHOD_RULE[options.method]);
    if (options.method === 'add') assertCanAddUnits(context);
    if (options.method === 'replace') need(UPLOAD_RULES.replaceFile);
    if (options.conflicts === 'replace-translated' || options.conflicts === 'replace-approved') need(UPLOAD_RULES.overwrite);
    if (options.conflicts === 'replace-approved') need(UPLOAD_RULES.overwriteApproved);
    if (options.author) need(UPLOAD_RULES.authorship);
    if (!methodApplies(options.method, context)) throw ValidationError.field('method', 'This method is not available here.');
  }

  /** How the file is read: its format and parse options, and the plural categories of its forms. */
  private async reading(context: TranslationContext, file: FileContent): Promise<FileReading> {
    const { component } = context.component;
    const format = uploadFormat(component.fileFormat, file.originalname);
    if (!format) throw ValidationError.field('file', `Unsupported file format: ${component.fileFormat}.`);
    const ownFormat = format === getFormat(component.fileFormat);
    const template = ownFormat && isMonolingual(format, component.template !== '') ? await this.replacement.readTemplate(context) : undefined;
    // A file of the component's own format places its plural forms by the translation's categories, as the import
    // does; a converted one has the plural its download was written with (Russian gettext 3 forms, Android 4).
    const { languageCode } = context.translation;
    const gettext = context.language.plurals?.[0];
    const plural = ownFormat ? pluralOf(context) : translationPlural(format.id, languageCode, gettext);
    return {
      format, template, pluralCount: plural.count,
      options: { language: languageCode, pluralCategories: ownFormat ? plural.categories : undefined, strict: true },
      streams: ownFormat && template === undefined && format.streamUnits !== undefined,
      // Form entries come from downloads without plural categories, which use the language's gettext plural (`po`'s).
      plurals: { file: plural.categories, forms: translationPlural('po', languageCode, gettext).categories, stored: pluralOf(context).categories },
    };
  }

  /** The planned writes with their checks and the targets they replace, made one by one as the copy takes them. */
  private *stagedWrites(context: TranslationContext, writes: UploadPlan['writes'], byId: ReadonlyMap<number, StoredUnit & { flags: string }>): Generator<StagedWrite> {
    const checkScope = this.checkScope(context);
    for (const write of writes) {
      const unit = byId.get(write.unitId)!;
      yield { ...write, old: unit.target, failingChecks: failingChecksFor({ source: unit.source, target: write.target, state: write.state, flags: unit.flags }, checkScope) };
    }
  }

  private checkScope(context: TranslationContext) {
    return {
      flags: joinFlags(context.component.project.checkFlags, context.component.component.checkFlags),
      pluralCount: pluralCountOf(context),
      languageCode: context.translation.languageCode,
      isSource: context.translation.isSource,
    };
  }

  /** The account credited with the strings: the given author's when one exists with that e-mail, else the uploader. */
  private async authorId(options: UploadOptions, uploader: Uploader): Promise<number | null> {
    if (!options.author) return uploader.userId;
    return (await this.users.idByEmail(options.author.email)) ?? uploader.userId;
  }
}
