import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChangeAction } from '../changes/change-actions';
import { ChangesService } from '../changes/changes.service';
import { Component } from '../components/component.entity';
import { MergeResult, MergeStyle, PushOptions, Signature, WorkingCopy } from '../vcs/working-copy';
import { WEBLATE_COMMITTER } from './signatures';
import { WorkingCopies } from './working-copies';
import { WorkingCopyLocks } from './working-copy-locks';

type Owner = Pick<Component, 'id' | 'projectId' | 'repo'>;

/** A commit asked for: the files of one component (the owner or one sharing its working copy), and its message. */
export interface CommitRequest {
  component: Pick<Component, 'id' | 'projectId'>;
  files: string[];
  message: string;
  author: Signature;
  committer?: Signature;
  /** The translation whose file this is, for the change that announces the commit. */
  translationId?: number | null;
}

/**
 * Runs just before a commit, with the working copy's lock held: may change files (and returns the paths it wrote,
 * which are committed too), as Weblate's pre-commit add-ons do.
 */
export type PreCommitHook = (repository: WorkingCopy, commit: CommitRequest) => Promise<string[]>;

/** Runs just before a push or an update from upstream, with the lock held. */
export type PreOperationHook = (repository: WorkingCopy, owner: Owner) => Promise<void>;

/**
 * Runs after upstream changes are merged and before the files are read again, with the lock held: may write files
 * and returns the commits to make of them, as Weblate's post-update add-ons (msgmerge) do.
 */
export type MergedHook = (repository: WorkingCopy, owner: Owner, changedFiles: string[]) => Promise<CommitRequest[]>;

/** Re-reads the files after an update, given the paths the update changed (upstream's and the merged hooks'). */
export type AfterMerge = (changedFiles: string[]) => Promise<void>;

/** Where an update's objects come from, and who is told once they are here. */
export interface FetchOptions {
  /** Another working copy of the same repository and branch that just fetched: its objects are taken instead. */
  fetchedBy?: WorkingCopy;
  /** Runs once upstream's objects are in this working copy, before they are merged. */
  whenFetched?: () => void;
}

/**
 * The one way to change a working copy: its lock, the pre-* hooks, the git operation, and the change that announces
 * it. The post-* events are those changes (Commit, Push, Merge/Rebase), delivered by the EventBus once they commit;
 * "before every commit" is `beforeCommit`, one place.
 */
@Injectable()
export class WorkingCopyPipeline {
  private readonly hooks = { commit: [] as PreCommitHook[], push: [] as PreOperationHook[], update: [] as PreOperationHook[], merged: [] as MergedHook[] };

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly workingCopies: WorkingCopies,
    private readonly locks: WorkingCopyLocks,
    private readonly changes: ChangesService,
  ) {}

  beforeCommit(hook: PreCommitHook): void {
    this.hooks.commit.push(hook);
  }

  beforePush(hook: PreOperationHook): void {
    this.hooks.push.push(hook);
  }

  beforeUpdate(hook: PreOperationHook): void {
    this.hooks.update.push(hook);
  }

  whenMerged(hook: MergedHook): void {
    this.hooks.merged.push(hook);
  }

  /** Runs `work` on the owner's working copy holding its lock (waiting up to `waitMs` for it). */
  withWorkingCopy<T>(owner: Owner, work: (session: WorkingCopySession) => Promise<T>, waitMs?: number): Promise<T> {
    return this.locks.withLock(String(owner.id), () => work(new WorkingCopySession(owner, this.workingCopies.open(owner), this)), waitMs);
  }

  /** @internal The session's steps; callers go through a session, which holds the lock. */
  async commit(repository: WorkingCopy, request: CommitRequest): Promise<string | null> {
    // Nothing of the caller's to commit: no hook runs, or a hook that always writes would make empty commits real.
    if (request.files.length === 0 || !(await repository.status(request.files)).needsCommit) return null;
    const files = new Set(request.files);
    for (const hook of this.hooks.commit) for (const path of await hook(repository, request)) files.add(path);
    const sha = await repository.commit([...files], { message: request.message, author: request.author, committer: request.committer });
    if (sha) await this.record(request.component, ChangeAction.Commit, request.translationId ?? null, { commit: sha });
    return sha;
  }

  /** @internal */
  async push(repository: WorkingCopy, owner: Owner, branch: string | undefined, options: PushOptions | undefined): Promise<void> {
    for (const hook of this.hooks.push) await hook(repository, owner);
    await repository.push(branch, options);
    await this.record(owner, ChangeAction.Push, null);
  }

  /** @internal */
  async update(repository: WorkingCopy, owner: Owner, style: MergeStyle, afterMerge: AfterMerge, { fetchedBy, whenFetched }: FetchOptions = {}): Promise<MergeResult> {
    for (const hook of this.hooks.update) await hook(repository, owner);
    // The other working copy may have gone or be unusable (a component removed meanwhile): then the network serves.
    if (fetchedBy) await repository.fetchFrom(fetchedBy).catch(() => repository.fetch());
    else await repository.fetch();
    whenFetched?.();
    const merged = await repository.merge(style, { author: WEBLATE_COMMITTER });
    if (!merged.ok) return merged;
    const changed = new Set(merged.changedFiles);
    for (const hook of this.hooks.merged) {
      for (const request of await hook(repository, owner, merged.changedFiles)) {
        request.files.forEach((path) => changed.add(path));
        await this.commit(repository, request);
      }
    }
    await afterMerge([...changed]);
    await this.record(owner, style === 'rebase' ? ChangeAction.Rebase : ChangeAction.Merge, null);
    return merged;
  }

  private record(component: Pick<Component, 'id' | 'projectId'>, action: ChangeAction, translationId: number | null, details: Record<string, unknown> = {}): Promise<void> {
    return this.changes.record(this.dataSource.manager, { action, projectId: component.projectId, componentId: component.id, translationId, details });
  }
}

/** A working copy with its lock held: the operations that announce themselves. */
export class WorkingCopySession {
  constructor(
    readonly owner: Owner,
    readonly repository: WorkingCopy,
    private readonly pipeline: WorkingCopyPipeline,
  ) {}

  /** Runs the pre-commit hooks, commits the files (and what the hooks wrote), records the Commit change. Null when nothing changed. */
  commit(request: CommitRequest): Promise<string | null> {
    return this.pipeline.commit(this.repository, request);
  }

  push(branch?: string, options?: PushOptions): Promise<void> {
    return this.pipeline.push(this.repository, this.owner, branch, options);
  }

  /**
   * Fetches (from `fetchedBy`, another working copy of the same repository that just fetched, when given; then
   * tells `whenFetched`) and merges (or rebases) upstream, runs the merged hooks (their commits go through the
   * pre-commit hooks), then `afterMerge` (re-reading the files that changed) before the change that announces the
   * update, so its consumers find the strings read. A merge that fails changes nothing and records nothing here.
   */
  update(style: MergeStyle, afterMerge: AfterMerge, fetch?: FetchOptions): Promise<MergeResult> {
    return this.pipeline.update(this.repository, this.owner, style, afterMerge, fetch);
  }
}
