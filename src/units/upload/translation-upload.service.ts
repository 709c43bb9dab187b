import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { UserPermissions } from '../../auth/user-permissions';
import { ChangeAction } from '../../changes/change-actions';
import { ChangeRecord, ChangesService } from '../../changes/changes.service';
import { ValidationError } from '../../core/errors/domain-error';
import { FormatError, getFormat, isMonolingual, ParseOptions, TranslationUnit, UnitState } from '../../formats';
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
import { planUpload, StoredUnit, UploadPlan } from './upload-plan';
import { formEntries, matchUploadedUnits, UploadPlurals } from './upload-matching';
import { demand, ObjectRule } from '../../auth/policy/object-rules';
import { UserLookup } from '../../users/user-lookup';
import { UPLOAD_RULES } from './upload.rules';
import { applyWrites, insertSuggestions, lockStoredUnits, StagedWrite } from '../unit-rows.repository';
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

    const parsed = await this.parse(context, file);
    return retryingTransaction(this.dataSource, async (manager) => {
      const authorId = await this.authorId(options, uploader);
      const stored = await lockStoredUnits(manager, context.translation.id);
      const uploaded = parsed.units.map((unit) => ({ unit, idHash: hash52(unit.id) }));
      const plan = planUpload(matchUploadedUnits(uploaded, stored, { ...parsed.plurals, stored: pluralOf(context).categories }), {
        targetState: TARGET_STATE[options.method]!, conflicts: options.conflicts === 'ignore' ? '' : options.conflicts, fuzzy: options.fuzzy,
      });
      const byId = new Map(stored.map((unit) => [unit.id, unit]));
      const scope = changeScope(context);
      const records: ChangeRecord[] = [];
      if (options.method === 'suggest') {
        await insertSuggestions(manager, plan.writes, authorId);
        for (const write of plan.writes) records.push({ ...scope, action: ChangeAction.Suggestion, unitId: write.unitId, userId: uploader.userId, authorId, target: write.target.join('\n') });
      } else {
        const record = this.changes.recordWritten({ ...scope, action: ChangeAction.Upload, userId: uploader.userId, authorId });
        await applyWrites(manager, this.stagedWrites(context, plan.writes, byId), record);
      }
      if (options.method === 'add' && plan.missing.length) {
        const added = await addMissingUnits(manager, context, plan.missing);
        plan.counts.accepted += added.length;
        plan.counts.notFound -= added.length;
        for (const unitId of added) records.push({ ...scope, action: ChangeAction.NewUnitUpload, unitId, userId: uploader.userId, authorId });
      }
      records.push({ ...scope, action: ChangeAction.FileUpload, userId: uploader.userId, authorId, target: file.originalname, details: { method: options.method, accepted: plan.counts.accepted } });
      await this.changes.recordMany(manager, records);
      await this.statistics.recount(manager, options.method === 'add' ? (await componentTranslations(manager, context.component.component.id)).map((t) => t.id) : [context.translation.id]);
      if (plan.counts.accepted) await recordLastChange(manager, context.translation.id, authorId);
      const { total, accepted, skipped, notFound } = plan.counts;
      return { not_found: notFound, skipped, accepted, total, result: accepted > 0, count: total };
    });
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

  /** The file's strings, and the CLDR category of each plural form they carry (their format's plural for the language). */
  private async parse(context: TranslationContext, file: FileContent): Promise<{ units: TranslationUnit[]; plurals: Omit<UploadPlurals, 'stored'> }> {
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
    const pluralCategories = ownFormat ? plural.categories : undefined;
    let units: TranslationUnit[];
    try {
      const read = (options: ParseOptions) => format.parse(file.buffer, { language: languageCode, pluralCategories, strict: true, ...options });
      units = (await read({ template })).units;
      if (template) units.push(...formEntries((await read({ monolingual: 'translation' })).units, units));
    } catch (error) {
      if (error instanceof FormatError) throw ValidationError.field('file', `Could not parse the file: ${error.message}`);
      throw error;
    }
    if (units.some((unit) => unit.source.length > 1 && unit.target.length > 1 && unit.target.length !== plural.count)) {
      throw ValidationError.field('file', 'Plural forms do not match the language.');
    }
    assertUploadedFormsWithinLimit(units);
    // Form entries come from downloads without plural categories, which use the language's gettext plural (`po`'s).
    return { units, plurals: { file: plural.categories, forms: translationPlural('po', languageCode, gettext).categories } };
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
