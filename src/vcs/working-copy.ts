/**
 * What the application needs from a version-controlled working copy (compare Weblate `weblate/vcs/base.py`).
 * One instance wraps one working directory that tracks one branch of the remote `origin`. Implementations are not
 * safe for concurrent use: callers hold a per-repository lock around every call, as Weblate does.
 */
export interface WorkingCopy {
  readonly workDir: string;

  /** Clones `branch` of `url` into the (empty or missing) working directory. Credentials in the URL are used, not stored. */
  clone(url: string, branch: string, options?: { credentials?: Credentials }): Promise<void>;
  /** The origin URL without credentials, or null before a clone. */
  remoteUrl(): Promise<string | null>;

  /** Refs are compared cheaply; the working tree is walked only below `paths` when given (a full walk is slow). */
  status(paths?: string[]): Promise<RepositoryStatus>;
  /**
   * Stages exactly `files` (paths relative to the work tree; present files are added, even if ignored, missing ones
   * removed) and commits them. Returns the new commit sha, or null when none of them changed.
   */
  commit(files: string[], options: CommitOptions): Promise<string | null>;

  /**
   * Replaces the commits HEAD has over the remote-tracking branch with commits grouped as `options.grouping` says
   * (one by default) on top of it, ending at HEAD's tree; index and work tree stay. The caller checks HEAD contains
   * that branch. Returns the new HEAD.
   */
  squash(options: SquashOptions): Promise<string>;

  /** Updates the remote-tracking branch from origin. */
  fetch(): Promise<void>;
  /**
   * Updates the remote-tracking branch from another working copy of the same repository and branch on this machine
   * (which has just fetched), instead of the network: one fetch serves every working copy of a repository.
   */
  fetchFrom(source: WorkingCopy): Promise<void>;
  /**
   * Integrates the fetched remote branch. On conflict nothing changes (HEAD, index and work tree stay as they were)
   * and the result lists the conflicting paths. Throws VcsError('local_changes') when uncommitted edits would be
   * overwritten.
   */
  merge(style: MergeStyle, options: MergeOptions): Promise<MergeResult>;
  /**
   * Pushes HEAD to `branch` (default: the tracked branch) on origin, or on `options.url` when the component has a
   * separate push URL (as git's `remote.origin.pushurl`: the remote-tracking branch still follows what was pushed).
   * VcsError('push_rejected') when not a fast-forward.
   */
  push(branch?: string, options?: PushOptions): Promise<void>;

  /** Hard reset of branch, index and tracked files to the remote-tracking branch. Untracked files stay (see cleanup). */
  reset(): Promise<void>;
  /** Removes untracked, not ignored files and the directories they leave empty. */
  cleanup(): Promise<void>;

  /** Author, committer and message of a commit (a sha or a ref). VcsError('not_found') when there is none. */
  readCommit(revision: string): Promise<CommitDetails>;

  /** Files in the work tree (not only tracked ones), optionally filtered by a glob such as `po/*.po` or `**\/*.json`. */
  listFiles(glob?: string): Promise<string[]>;
  /** Reads from the work tree, or from a commit when `ref` is given (branch, tag or sha). */
  readFile(path: string, ref?: string): Promise<Buffer>;
  writeFile(path: string, data: string | Uint8Array): Promise<void>;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface PushOptions {
  /** Push here instead of origin's URL; without credentials (pass them separately, see splitCredentials). */
  url?: string;
  credentials?: Credentials;
}

export interface Signature {
  name: string;
  email: string;
  /** Defaults to now. Stored with a UTC offset of zero. */
  timestamp?: Date;
}

/** A signature as stored in a commit: the time is always known. */
export type DatedSignature = Required<Signature>;

export interface CommitDetails {
  /** The full sha. */
  revision: string;
  author: DatedSignature;
  committer: DatedSignature;
  /** The whole message, without trailing newlines. */
  message: string;
}

export interface CommitOptions {
  message: string;
  author: Signature;
  /** Defaults to the author. */
  committer?: Signature;
}

export interface SquashOptions extends Omit<CommitOptions, 'message'> {
  /**
   * Replaces the squashed commits' messages, which are the default: newest first (as `git log --format=%B`), each
   * ending in a blank line.
   */
  message?: string;
  /** Appends the squashed commits' trailers and a `Co-authored-by` line per author (see squash-message.ts). */
  appendTrailers?: boolean;
  /** Defaults to `all`. */
  grouping?: SquashGrouping;
}

/**
 * Weblate's squash modes. `all`: one commit by `author`. `paths`: one commit by `author` per group of paths, in
 * order (a language's files, or one file), then one with `remainderMessage` for changes to other paths. `author`:
 * one commit per author of the squashed commits, authored by them.
 */
export type SquashGrouping = { by: 'all' } | { by: 'paths'; groups: string[][]; remainderMessage: string } | { by: 'author' };

export type MergeStyle = 'merge' | 'rebase' | 'merge_noff';

export interface MergeOptions {
  /** Author and committer of a merge commit, committer of rebased commits (which keep their own authors). */
  author: Signature;
  /** Message of a merge commit; git's "Merge remote-tracking branch 'origin/<branch>'" when omitted. */
  message?: string;
}

export type MergeResult = { ok: true; changedFiles: string[] } | { ok: false; conflicts: string[]; message: string };

export interface RepositoryStatus {
  branch: string;
  headCommit: string | null;
  remoteCommit: string | null;
  /** Uncommitted changes (modified, deleted or untracked files) in the walked part of the work tree. */
  needsCommit: boolean;
  /** The remote branch has commits that HEAD lacks. */
  needsMerge: boolean;
  /** HEAD has commits that the remote branch lacks. */
  needsPush: boolean;
  outgoingCommits: number;
  missingCommits: number;
}
