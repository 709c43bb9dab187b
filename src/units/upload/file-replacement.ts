import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeAction } from '../../changes/change-actions';
import { ChangesService } from '../../changes/changes.service';
import { Component } from '../../components/component.entity';
import { AppConfig } from '../../config/app-config';
import { ValidationError } from '../../core/errors/domain-error';
import { FormatError, getFormat, isMonolingual, UnitState } from '../../formats';
import { assertUploadedFormsWithinLimit } from '../unit-limits';
import { messageVariables, renderMessage } from '../../working-copies/commit-message';
import { WorkingCopyPipeline } from '../../working-copies/working-copy-pipeline';
import { signatureOf, WEBLATE_COMMITTER } from '../../working-copies/signatures';
import { WorkingCopies } from '../../working-copies/working-copies';
import type { TranslationContext } from '../../translations/translation-context';
import { UserLookup } from '../../users/user-lookup';
import { Signature } from '../../vcs/working-copy';
import { TranslationScanner } from '../translation-scanner';
import { changeScope } from '../unit-editing.service';
import { discardPending } from '../unit-rows.repository';
import type { Uploader, UploadResult } from './upload-options';
import { UploadOptions } from './upload-options';
import type { FileContent } from '../../core/http/multipart';
import { workingCopyOwner } from '../../components/component-context';
import { retryingTransaction } from '../../database/retrying-transaction';

/**
 * Methods `replace` and `source`: the upload becomes the file in the repository (the translation's, or the
 * template / new-base file for `source`), committed under the repository lock and read back into units.
 * Strings edited but not yet committed in that translation give way to the uploaded file.
 */
@Injectable()
export class FileReplacement {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workingCopies: WorkingCopies,
    private readonly pipeline: WorkingCopyPipeline,
    private readonly scanner: TranslationScanner,
    private readonly changes: ChangesService,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly users: UserLookup,
  ) {}

  async replace(context: TranslationContext, file: FileContent, options: UploadOptions, uploader: Uploader): Promise<UploadResult> {
    const { component } = context.component;
    const path = options.method === 'source' ? component.template || component.newBase : context.translation.filename;
    if (!path) throw ValidationError.field('method', 'This method is not available here.');
    const counts = await this.countUnits(component, file.buffer, path === component.template ? undefined : await this.readTemplate(context));
    const owner = workingCopyOwner(context.component);
    await this.pipeline.withWorkingCopy(owner, async (session) => {
      const { repository } = session;
      await repository.writeFile(path, file.buffer);
      const author = await this.signature(uploader.userId);
      await session.commit({
        component,
        files: [path],
        translationId: options.method === 'source' ? null : context.translation.id,
        message: renderMessage(component.commitMessage, messageVariables({
          project: context.component.project,
          component,
          language: context.language,
          url: uploader.urls.translationWeb(context.component.project.slug, context.component.path, context.translation.languageCode),
          siteTitle: this.config.siteTitle,
          stats: counts,
        })),
        author,
        committer: WEBLATE_COMMITTER,
      });
      await retryingTransaction(this.dataSource, async (manager) => {
        if (options.method === 'replace') await discardPending(manager, context.translation.id);
        await this.scanner.scan(manager, component, repository, { force: true });
        await this.changes.record(manager, {
          ...changeScope(context),
          action: options.method === 'source' ? ChangeAction.SourceUpload : ChangeAction.ReplaceUpload,
          userId: uploader.userId,
          authorId: uploader.userId,
          target: file.originalname,
        });
      });
    });
    const { total } = counts;
    return { not_found: 0, skipped: 0, accepted: total, total, result: total > 0, count: total };
  }

  /** The component's monolingual template as in its working copy, if it has one. */
  async readTemplate(context: TranslationContext): Promise<Buffer | undefined> {
    const { component } = context.component;
    if (!component.template) return undefined;
    const owner = workingCopyOwner(context.component);
    try {
      return await this.workingCopies.open(owner).readFile(component.template);
    } catch {
      return undefined;
    }
  }

  /** The strings of the uploaded file, counted as the statistics will count them once it is read. */
  private async countUnits(component: Component, data: Buffer, template: Buffer | undefined): Promise<{ total: number; translated: number; fuzzy: number; approved: number }> {
    const format = getFormat(component.fileFormat);
    if (!format) throw ValidationError.field('file', `Unsupported file format: ${component.fileFormat}.`);
    try {
      const { units } = await format.parse(data, { template: isMonolingual(format, template !== undefined) ? template : undefined, strict: true });
      assertUploadedFormsWithinLimit(units);
      const count = (test: (state: UnitState) => boolean) => units.filter((unit) => test(unit.state)).length;
      return {
        total: units.length,
        translated: count((state) => state >= UnitState.Translated),
        fuzzy: count((state) => state === UnitState.Fuzzy),
        approved: count((state) => state === UnitState.Approved),
      };
    } catch (error) {
      if (error instanceof FormatError) throw ValidationError.field('file', `Could not parse the file: ${error.message}`);
      throw error;
    }
  }

  private async signature(userId: number | null): Promise<Signature> {
    return signatureOf(userId === null ? null : await this.users.findById(userId));
  }
}
