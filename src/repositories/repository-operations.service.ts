import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Component } from '../components/component.entity';
import { ComponentContext } from '../components/components.repository';
import { AppConfig } from '../config/app-config';
import { TranslationDiscovery } from '../translations/translation-discovery';
import { MergeStyle, Repository, Signature } from '../vcs/repository';
import { VcsError } from '../vcs/vcs-error';
import { renderMessage } from './commit-message';
import { RepositoryLocks } from './repository-lock';
import { describeStatus } from './repository-status';
import { WorkingCopies } from './working-copies';

export interface RepositoryStatusResponse {
  needs_commit: boolean;
  needs_merge: boolean;
  needs_push: boolean;
  remote_commit: string | null;
  weblate_commit: string | null;
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

/** Weblate's default committer, used where no translator authored the change. */
const COMMITTER: Signature = { name: 'Weblate', email: 'noreply@weblate.org' };

/**
 * Status and operations (commit, push, pull, reset, cleanup, file-sync, file-scan) of component
 * repositories. A linked component acts on the working copy of the component it shares; every operation
 * on one working copy holds its lock, in whatever process it runs.
 */
@Injectable()
export class RepositoryOperationsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(AppConfig) private readonly config: AppConfig,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: RepositoryLocks,
    private readonly discovery: TranslationDiscovery,
  ) {}

  async status(context: ComponentContext, url: string): Promise<RepositoryStatusResponse> {
    const owner = ownerOf(context);
    return this.locks.withLock(String(owner.id), async () => {
      let status;
      try {
        status = await this.workingCopies.open(owner).status(await this.translationFiles(owner));
      } catch (error) {
        // No working copy (a failed or pending setup) or an unusable one: say so instead of failing.
        if (!(error instanceof VcsError)) throw error;
        return { ...NO_STATUS, status: error.message, merge_failure: owner.mergeFailure || null, url };
      }
      return {
        needs_commit: status.needsCommit,
        needs_merge: status.needsMerge,
        needs_push: status.needsPush,
        remote_commit: status.remoteCommit,
        weblate_commit: status.headCommit,
        status: describeStatus(status),
        merge_failure: owner.mergeFailure || null,
        outgoing_commits: status.outgoingCommits,
        missing_commits: status.missingCommits,
        url,
      };
    });
  }

  async operate(context: ComponentContext, operation: string): Promise<OperationResult> {
    const owner = ownerOf(context);
    if (owner.repo === 'local:' && ['push', 'pull'].includes(operation)) {
      return { result: false, detail: 'This component has no remote repository.' };
    }
    return this.locks.withLock(String(owner.id), async () => {
      const repository = this.workingCopies.open(owner);
      try {
        switch (operation) {
          case 'commit':
          case 'file-sync':
            return await this.commit(context, owner, repository);
          case 'push':
            await this.commit(context, owner, repository);
            await repository.push(owner.pushBranch || undefined);
            return { result: true };
          case 'pull':
            return await this.pull(owner, repository);
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
      } catch (error) {
        if (error instanceof VcsError) return { result: false, detail: error.message };
        throw error;
      }
    });
  }

  /** Commits the translation files that differ from HEAD, with the component's message template. */
  private async commit(context: ComponentContext, owner: Component, repository: Repository): Promise<OperationResult> {
    const files = await this.translationFiles(owner);
    const message = renderMessage(context.component.commitMessage, {
      project_name: context.project.name,
      component_name: context.component.name,
      component_slug: context.component.slug,
      site_title: this.config.siteTitle,
    });
    await repository.commit(files, { message, author: COMMITTER });
    return { result: true };
  }

  private async pull(owner: Component, repository: Repository): Promise<OperationResult> {
    await repository.fetch();
    const merged = await repository.merge(owner.mergeStyle as MergeStyle, { author: COMMITTER });
    if (!merged.ok) {
      const failure = `${merged.message}${merged.conflicts.length ? `\nConflicting files: ${merged.conflicts.join(', ')}` : ''}`;
      await this.dataSource.getRepository(Component).update(owner.id, { mergeFailure: failure });
      return { result: false, detail: failure };
    }
    await this.dataSource.getRepository(Component).update(owner.id, { mergeFailure: '' });
    await this.rescan(owner, repository);
    return { result: true };
  }

  /** Re-reads which translation files exist, for the owner and every component sharing its working copy. */
  private async rescan(owner: Component, repository: Repository): Promise<void> {
    const sharing = await this.dataSource.getRepository(Component).find({ where: [{ id: owner.id }, { linkedComponentId: owner.id }] });
    await this.dataSource.transaction(async (manager) => {
      for (const component of sharing) await this.discovery.sync(manager, component, await repository.listFiles(component.filemask));
    });
  }

  /** Files of the translations of every component using this working copy (the paths status and commit look at). */
  private async translationFiles(owner: Component): Promise<string[]> {
    const rows: { filename: string }[] = await this.dataSource.query(
      `SELECT DISTINCT t.filename FROM translations t JOIN components c ON c.id = t.component_id
       WHERE (c.id = $1 OR c.linked_component_id = $1) AND t.filename <> ''`,
      [owner.id],
    );
    return rows.map((row) => row.filename);
  }
}

function ownerOf(context: ComponentContext): Component {
  return context.linked?.component ?? context.component;
}
