import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Component } from '../components/component.entity';
import { ComponentLookup } from '../components/component-lookup';
import { workingCopyOwner, type ComponentContext } from '../components/component-context';
import { AppConfig } from '../config/app-config';
import { UrlBuilder } from '../core/urls/url-builder';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { PendingWriter, WrittenFile } from '../units/pending-writer';
import { TranslationFileError } from '../units/translation-file-error';
import { TranslationScanner } from '../units/translation-scanner';
import { MergeStyle, WorkingCopy } from '../vcs/working-copy';
import { splitCredentials } from '../vcs/repository-url';
import { VcsError } from '../vcs/vcs-error';
import { messageVariables, renderMessage } from '../working-copies/commit-message';
import { WEBLATE_COMMITTER } from '../working-copies/signatures';
import { WorkingCopyLocks } from '../working-copies/working-copy-locks';
import { FetchOptions, WorkingCopyPipeline, WorkingCopySession } from '../working-copies/working-copy-pipeline';
import { CommitInfoResponse, describeStatus, serializeCommit } from './repository-status';
import { WorkingCopies } from '../working-copies/working-copies';
import { RepositoryOperationsRepository } from './repository-operations.repository';
import { filesReadBy } from './files-read-by';
import { retryingTransaction } from '../database/retrying-transaction';
import { eachAtMost } from '../concurrency/each-at-most';

/** Components of one working copy read at once after an update (see rescan); the database pool is shared. */
const RESCANS_AT_ONCE = 3;

export interface RepositoryStatusResponse {
  needs_commit: boolean;
  needs_merge: boolean;
  needs_push: boolean;
  remote_commit: CommitInfoResponse | null;
  weblate_commit: CommitInfoResponse | null;
  status: string;
  merge_failure: string | null;
  outgoing_commits: number;
  missing_commits: number;
  url: string;
}

export interface OperationResult {
  result: boolean;
  detail?: string;
}

const NO_STATUS = {
  needs_commit: false,
  needs_merge: false,
  needs_push: false,
  remote_commit: null,
  weblate_commit: null,
  outgoing_commits: 0,
  missing_commits: 0,
};

/** The change each successful operation leaves in the log (commits are recorded per translation as they happen). */
/** The changes operations record themselves; commits, pushes and updates are recorded by the pipeline. */
const OPERATION_ACTIONS: Record<string, ChangeAction | undefined> = {
  reset: ChangeAction.Reset,
  cleanup: ChangeAction.RepoCleanup,
  'file-scan': ChangeAction.ForceScan,
  'file-sync': ChangeAction.ForceSync,
};

export interface OperationOptions {
  /** Runs once the working copy's lock is held, before the operation (background callers). */
  whenLocked?: () => Promise<void>;
  /** How long to wait for the lock (the locks' default otherwise): background callers may wait longer than a request. */
  waitMs?: number;
  /** The request's URLs, for the absolute links commit messages carry (SITE_URL when set). */
  urls?: UrlBuilder;
  /**
   * A pull only: a component with a working copy of its own cloned from the same repository and branch, just
   * updated: this working copy takes what that one fetched instead of fetching again.
   */
  fetchedBy?: Component;
  /** A pull only: runs once upstream's objects are fetched, before they are merged (so others may take them). */
  whenFetched?: () => void;
}

/**
 * Status and operations (commit, push, pull, reset, cleanup, file-sync, file-scan) of component
 * repositories. A linked component acts on the working copy of the component it shares; every operation
 * on one working copy holds its lock, in whatever process it runs.
 */
@Injectable()
export class RepositoryOperationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly store: RepositoryOperationsRepository,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly pipeline: WorkingCopyPipeline,
    private readonly scanner: TranslationScanner,
    private readonly pendingWriter: PendingWriter,
    private readonly changes: ChangesService,
    private readonly components: ComponentLookup,
  ) {}

  async status(context: ComponentContext, url: string): Promise<RepositoryStatusResponse> {
    const owner = workingCopyOwner(context);
    return this.locks.withLock(String(owner.id), async () => {
      let status;
      let commits;
      try {
        const repository = this.workingCopies.open(owner);
        status = await repository.status(await this.store.translationFiles(owner.id));
        const read = async (sha: string | null) => (sha ? serializeCommit(await repository.readCommit(sha)) : null);
        commits = { remote_commit: await read(status.remoteCommit), weblate_commit: await read(status.headCommit) };
      } catch (error) {
        // No working copy (a failed or pending setup) or an unusable one: say so instead of failing.
        if (!(error instanceof VcsError)) throw error;
        return { ...NO_STATUS, status: error.message, merge_failure: owner.mergeFailure || null, url };
      }
      return {
        needs_commit: status.needsCommit || (await this.store.hasUncommittedStrings(owner.id)),
        needs_merge: status.needsMerge,
        needs_push: status.needsPush,
        ...commits,
        status: describeStatus(status),
        merge_failure: owner.mergeFailure || null,
        outgoing_commits: status.outgoingCommits,
        missing_commits: status.missingCommits,
        url,
      };
    });
  }

  async operate(context: ComponentContext, operation: string, options: OperationOptions = {}): Promise<OperationResult> {
    const owner = workingCopyOwner(context);
    if (owner.repo === 'local:' && ['push', 'pull'].includes(operation)) {
      return { result: false, detail: 'This component has no remote repository.' };
    }
    return this.pipeline.withWorkingCopy(owner, async (session) => {
      await options.whenLocked?.();
      try {
        const result = await this.run(operation, context, owner, session, options);
        if (result.result) await this.recordRepositoryChange(owner, OPERATION_ACTIONS[operation], null);
        return result;
      } catch (error) {
        if (error instanceof VcsError || error instanceof TranslationFileError) return { result: false, detail: error.message };
        throw error;
      }
    }, options.waitMs);
  }

  private async run(operation: string, context: ComponentContext, owner: Component, session: WorkingCopySession, options: OperationOptions): Promise<OperationResult> {
    const { repository } = session;
    const urls = options.urls ?? new UrlBuilder(this.config.siteUrl ?? '');
    switch (operation) {
      case 'commit':
      case 'file-sync':
        return this.commit(context, owner, session, urls);
      case 'push':
        await this.commit(context, owner, session, urls);
        await session.push(owner.pushBranch || undefined, owner.push ? splitCredentials(owner.push) : undefined);
        return { result: true };
      case 'pull':
        return this.pull(owner, session, { fetchedBy: options.fetchedBy && this.workingCopies.open(options.fetchedBy), whenFetched: options.whenFetched });
      case 'reset':
        await repository.reset();
        await this.rescan(owner, repository);
        return { result: true };
      case 'cleanup':
        await repository.cleanup();
        return { result: true };
      case 'file-scan':
        await this.rescan(owner, repository);
        return { result: true };
      default:
        return { result: false, detail: `Unknown operation ${operation}.` };
    }
  }

  /**
   * Writes pending strings into their files and commits each translation with its last translator as author and
   * the component's message template; then commits whatever else changed in the translation files.
   */
  private async commit(context: ComponentContext, owner: Component, session: WorkingCopySession, urls: UrlBuilder): Promise<OperationResult> {
    const { repository } = session;
    const sharing = await this.components.sharingWorkingCopy(owner.id);
    const contexts = new Map((await this.components.hydrate(sharing)).map((shared) => [shared.component.id, shared]));
    // A run repeated after a deadlock writes the same files again from the same rows (the working copy is ours,
    // locked by the session); nothing is committed before the transaction is.
    const written = await retryingTransaction(this.dataSource, async (manager) => {
      const files: { component: Component; file: WrittenFile }[] = [];
      for (const component of sharing) for (const file of await this.pendingWriter.write(manager, component, repository)) files.push({ component, file });
      return files;
    });
    for (const { component, file } of written) {
      const variables = await this.messageVariables(contexts.get(component.id)!, file.translationId, urls);
      await session.commit({
        component,
        files: [file.filename],
        message: renderMessage(component.commitMessage, variables),
        author: file.author ?? WEBLATE_COMMITTER,
        committer: WEBLATE_COMMITTER,
        translationId: file.translationId,
      });
    }
    const message = renderMessage(context.component.commitMessage, {
      project_name: context.project.name,
      component_name: context.component.name,
      component_slug: context.component.slug,
      site_title: this.config.siteTitle,
    });
    await session.commit({ component: owner, files: await this.store.translationFiles(owner.id), message, author: WEBLATE_COMMITTER });
    return { result: true };
  }

  /** The commit message variables of one translation, with its counts as the commit leaves them. */
  private async messageVariables(context: ComponentContext, translationId: number, urls: UrlBuilder): Promise<Record<string, unknown>> {
    const row = await this.store.commitTranslation(translationId);
    return messageVariables({
      project: context.project,
      component: context.component,
      language: { name: row.languageName, code: row.languageCode },
      url: urls.translationWeb(context.project.slug, context.path, row.fileCode),
      siteTitle: this.config.siteTitle,
      stats: { total: row.total, translated: row.translated, fuzzy: row.fuzzy, approved: row.approved },
    });
  }

  private async recordRepositoryChange(component: Component, action: ChangeAction | undefined, translationId: number | null, details: Record<string, unknown> = {}): Promise<void> {
    if (action === undefined) return;
    await this.changes.record(this.dataSource.manager, { action, projectId: component.projectId, componentId: component.id, translationId, details });
  }

  private async pull(owner: Component, session: WorkingCopySession, fetch: FetchOptions): Promise<OperationResult> {
    const afterMerge = async (changedFiles: string[]) => {
      await this.components.recordMergeFailure(owner.id, '');
      await this.rescan(owner, session.repository, changedFiles);
    };
    const merged = await session.update(owner.mergeStyle as MergeStyle, afterMerge, fetch);
    if (!merged.ok) {
      const failure = `${merged.message}${merged.conflicts.length ? `\nConflicting files: ${merged.conflicts.join(', ')}` : ''}`;
      await this.components.recordMergeFailure(owner.id, failure);
      await this.recordRepositoryChange(owner, owner.mergeStyle === 'rebase' ? ChangeAction.FailedRebase : ChangeAction.FailedMerge, null, { error: failure });
      return { result: false, detail: failure };
    }
    return { result: true };
  }

  /**
   * Re-reads which translation files exist, for the owner and every component sharing its working copy. After an
   * update, `changedFiles` (what it changed) narrows this: a component none of whose files changed is not read at
   * all, and the others read only their changed files where the import allows it (see UnitImport).
   *
   * Each component is read in a transaction of its own, a few at once: a component's strings change together with
   * its files, and one component whose files cannot be stored leaves the others read. A push hook for a hundred
   * components sharing one working copy spent 27 ms a component waiting on the database one after the other.
   */
  private async rescan(owner: Component, repository: WorkingCopy, changedFiles?: string[]): Promise<void> {
    const sharing = await this.components.sharingWorkingCopy(owner.id);
    const scans = sharing
      .map((component) => ({ component, only: changedFiles && new Set(filesReadBy(component, changedFiles)) }))
      .filter(({ only }) => only === undefined || only.size > 0);
    await eachAtMost(scans, RESCANS_AT_ONCE, async ({ component, only }) => {
      await retryingTransaction(this.dataSource, (manager) => this.scanner.scan(manager, component, repository, only && { only }));
    });
  }
}
