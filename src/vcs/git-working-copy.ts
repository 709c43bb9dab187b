import { rm } from 'node:fs/promises';
import * as git from 'isomorphic-git';
import nodeHttp from 'isomorphic-git/http/node';
import { LookupFunction } from 'node:net';
import { countDivergence } from './commit-graph';
import {
  diffTrees,
  fromGitSignature,
  GitContext,
  gitContext,
  isGitError,
  localChanges,
  resolveOrNull,
  toGitSignature,
  treeOf,
} from './git-context';
import { toVcsError } from './git-errors';
import { integrate } from './git-merge';
import { fetchFromClone } from './local-fetch';
import {
  CommitDetails,
  CommitOptions,
  SquashOptions,
  Credentials,
  MergeOptions,
  MergeResult,
  MergeStyle,
  PushOptions,
  WorkingCopy,
  RepositoryStatus,
} from './working-copy';
import { parseRepositoryUrl, redactUrl, splitCredentials } from './repository-url';
import { squashCommits } from './squash';
import { stageFile } from './stage-file';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { publicOnlyLookup } from './url-policy';
import { VcsError, VcsErrorCode } from './vcs-error';
import {
  emptyDir,
  listWorkTreeFiles,
  normalizeRelativePath,
  prepareCloneDir,
  pruneEmptyParents,
  readWorkTreeFile,
  removeLinksAt,
  writeWorkTreeFile,
} from './work-tree';

/**
 * Redirects are not followed: the HTTP client behind isomorphic-git would follow them to any host (including
 * internal ones the URL policy refused), parsing the target with the legacy url.parse. The optional lookup checks
 * the addresses actually connected to.
 */
function httpClient(lookup?: LookupFunction): git.HttpClient {
  return {
    request: (request) =>
      nodeHttp.request({ ...request, fetchOptions: { ...request.fetchOptions, followRedirects: false, lookup, timeout: REMOTE_IDLE_TIMEOUT_MS } }),
  };
}

/**
 * How long a remote may stay silent before the operation fails. Without it, Node's global agent cut every answer
 * slower than 5 s ("Request timed out"): a push the remote takes a while to accept failed, holding nothing back.
 */
const REMOTE_IDLE_TIMEOUT_MS = 120_000;

export interface GitRepositoryOptions {
  credentials?: Credentials;
  /** Refuse connections to hosts that resolve to private or local addresses at connection time. */
  blockPrivateHosts?: boolean;
}

const REMOTE = 'origin';

/**
 * WorkingCopy over isomorphic-git: smart HTTP(S) only (no ssh, no file://), no hooks, no submodules, no LFS.
 * Credentials live only in this object (from the constructor or the clone URL); the stored remote URL has none,
 * so a later instance must be given them again.
 */
export class GitWorkingCopy implements WorkingCopy {
  private readonly ctx: GitContext;
  private readonly http: git.HttpClient;
  private credentials?: Credentials;

  constructor(
    readonly workDir: string,
    private readonly options: GitRepositoryOptions = {},
  ) {
    this.ctx = gitContext(workDir);
    this.http = httpClient(options.blockPrivateHosts ? publicOnlyLookup : undefined);
    this.credentials = options.credentials;
  }

  async clone(url: string, branch: string, options: { credentials?: Credentials } = {}): Promise<void> {
    const split = splitCredentials(url);
    this.credentials = options.credentials ?? split.credentials ?? this.credentials;
    await prepareCloneDir(this.workDir);
    try {
      await git.clone({
        ...this.ctx,
        ...this.network(),
        url: split.url,
        ref: branch,
        singleBranch: true,
        noTags: true,
      });
    } catch (error) {
      await emptyDir(this.workDir);
      throw this.failure(error, 'clone_failed', `Cloning ${redactUrl(url)}`);
    }
  }

  async remoteUrl(): Promise<string | null> {
    const url = await git.getConfig({ ...this.ctx, path: `remote.${REMOTE}.url` }).catch(() => undefined);
    return typeof url === 'string' ? redactUrl(url) : null;
  }

  async status(paths?: string[]): Promise<RepositoryStatus> {
    const branch = await this.branch();
    const headCommit = await resolveOrNull(this.ctx, 'HEAD');
    const remoteCommit = await resolveOrNull(this.ctx, this.remoteRef(branch));
    const readNode = async (oid: string) => {
      const { commit } = await git.readCommit({ ...this.ctx, oid });
      return { parents: commit.parent, time: commit.committer.timestamp };
    };
    const { outgoing, missing } = await countDivergence(readNode, headCommit, remoteCommit);
    const changes = await localChanges(this.ctx, paths?.map(normalizeRelativePath));
    return {
      branch,
      headCommit,
      remoteCommit,
      needsCommit: changes.length > 0,
      needsMerge: missing > 0,
      needsPush: outgoing > 0,
      outgoingCommits: outgoing,
      missingCommits: missing,
    };
  }

  async commit(files: string[], options: CommitOptions): Promise<string | null> {
    // Like Weblate's `git add --force`: a translation file the caller names is committed even if ignored.
    const changed = await localChanges(this.ctx, files.map(normalizeRelativePath), true);
    if (changed.length === 0) return null;
    for (const [filepath, , workdir] of changed) {
      if (workdir === 0) await git.remove({ ...this.ctx, filepath });
      else await stageFile(this.ctx, filepath);
    }
    try {
      return await git.commit({
        ...this.ctx,
        message: options.message,
        author: toGitSignature(options.author),
        committer: toGitSignature(options.committer ?? options.author),
        disallowEmpty: true,
      });
    } catch (error) {
      if (isGitError(error, 'EmptyCommitError')) return null;
      throw error;
    }
  }

  async squash(options: SquashOptions): Promise<string> {
    const branch = await this.branch();
    const head = await this.resolveRequired('HEAD');
    const squashed = await squashCommits(this.ctx, head, await this.resolveRequired(this.remoteRef(branch)), options);
    // The tree is HEAD's: index and work tree already match it.
    await git.writeRef({ ...this.ctx, ref: `refs/heads/${branch}`, value: squashed, force: true });
    return squashed;
  }

  async fetch(): Promise<void> {
    const branch = await this.branch();
    try {
      await git.fetch({ ...this.ctx, ...this.network(), remote: REMOTE, ref: branch, singleBranch: true, tags: false });
    } catch (error) {
      throw this.failure(error, 'fetch_failed', `Fetching from ${await this.remoteUrl()}`);
    }
  }

  async fetchFrom(source: WorkingCopy): Promise<void> {
    await fetchFromClone(gitContext(source.workDir), this.ctx, this.remoteRef(await this.branch()));
  }

  async merge(style: MergeStyle, options: MergeOptions): Promise<MergeResult> {
    const branch = await this.branch();
    const head = await this.resolveRequired('HEAD');
    const remote = await this.resolveRequired(this.remoteRef(branch));
    if (head === remote || (await git.isDescendent({ ...this.ctx, oid: head, ancestor: remote }))) {
      return { ok: true, changedFiles: [] };
    }
    const message = options.message ?? `Merge remote-tracking branch '${REMOTE}/${branch}'`; // git's default
    const result = await integrate(this.ctx, style, head, remote, { ...options, message });
    if ('conflicts' in result) return { ok: false, ...result };

    const changedFiles = await diffTrees(this.ctx, await treeOf(this.ctx, head), await treeOf(this.ctx, result.oid));
    await this.assertClean(changedFiles);
    await this.moveBranch(branch, head, result.oid, changedFiles);
    return { ok: true, changedFiles };
  }

  /**
   * Points the branch at `target` and writes the files that differ from `previous`. Should writing them fail, the
   * branch goes back to `previous` and those files are restored, so the working copy is never left at a head whose
   * files were not written (a later pull would then see nothing to do).
   */
  private async moveBranch(branch: string, previous: string, target: string, changedFiles: string[]): Promise<void> {
    await git.writeRef({ ...this.ctx, ref: `refs/heads/${branch}`, value: target, force: true });
    if (changedFiles.length === 0) return;
    const checkOut = async () => {
      await removeLinksAt(this.workDir, changedFiles);
      await git.checkout({ ...this.ctx, ref: branch, filepaths: changedFiles, force: true, noUpdateHead: true });
      await this.alignIndex(branch, changedFiles);
      await pruneEmptyParents(this.workDir, changedFiles);
    };
    try {
      await checkOut();
    } catch (error) {
      await git.writeRef({ ...this.ctx, ref: `refs/heads/${branch}`, value: previous, force: true });
      await checkOut().catch(() => undefined);
      throw this.failure(error, 'merge_failed', 'Updating the files of the working copy');
    }
  }

  async push(branch?: string, options: PushOptions = {}): Promise<void> {
    // isomorphic-git speaks only http(s): an ssh push URL goes through the git binary on the same working copy.
    if (options.url && parseRepositoryUrl(options.url).scheme === 'ssh') {
      return new SystemGitWorkingCopy(this.workDir, { blockPrivateHosts: this.options.blockPrivateHosts }).push(branch, options);
    }
    const current = await this.branch();
    const action = `Pushing to ${options.url ? redactUrl(options.url) : await this.remoteUrl()}`;
    const credentials = options.url ? options.credentials : this.credentials;
    try {
      // isomorphic-git throws for every refusal: PushRejectedError when it sees locally that the push is not a
      // fast-forward, GitPushError when the server refuses. With `url`, the remote-tracking ref of `remote` is
      // still updated, as git does with a pushurl.
      await git.push({
        ...this.ctx,
        http: this.http,
        onAuth: credentials ? () => ({ ...credentials }) : undefined,
        remote: REMOTE,
        url: options.url,
        ref: current,
        remoteRef: branch ?? current,
      });
    } catch (error) {
      throw toVcsError(error, 'push_failed', action, [credentials?.password]);
    }
  }

  async reset(): Promise<void> {
    const branch = await this.branch();
    const head = await this.resolveRequired('HEAD');
    const remote = await this.resolveRequired(this.remoteRef(branch));
    const changed = await diffTrees(this.ctx, await treeOf(this.ctx, head), await treeOf(this.ctx, remote));
    await removeLinksAt(this.workDir, changed);
    await git.writeRef({ ...this.ctx, ref: `refs/heads/${branch}`, value: remote, force: true });
    await git.checkout({ ...this.ctx, ref: branch, force: true });
    await this.alignIndex(branch, changed);
  }

  /**
   * isomorphic-git's checkout leaves the index behind where a path changes between file and directory (a link
   * replaced by a folder keeps its entry, the folder's files get none): the index entries of `paths` are set to the
   * branch's (HEAD's, which the branch now is), so the working copy does not look changed. A path HEAD has no file
   * at is dropped from the index (resetIndex would store a folder's tree there).
   */
  private async alignIndex(branch: string, paths: string[]): Promise<void> {
    for (const [path, head, , stage] of await localChanges(this.ctx, paths)) {
      if (stage === head) continue;
      if (head === 0) await git.remove({ ...this.ctx, filepath: path });
      else await git.resetIndex({ ...this.ctx, filepath: path, ref: branch });
    }
  }

  async cleanup(): Promise<void> {
    const untracked = (await localChanges(this.ctx)).filter(([, head, , stage]) => head === 0 && stage === 0);
    const paths = untracked.map(([path]) => path);
    for (const path of paths) await rm(`${this.workDir}/${path}`, { force: true });
    await pruneEmptyParents(this.workDir, paths);
  }

  async readCommit(revision: string): Promise<CommitDetails> {
    try {
      const oid = await this.resolveRevision(revision);
      const { commit } = await git.readCommit({ ...this.ctx, oid });
      return {
        revision: oid,
        author: fromGitSignature(commit.author),
        committer: fromGitSignature(commit.committer),
        message: commit.message.replace(/\n+$/, ''),
      };
    } catch (error) {
      if (isGitError(error, 'NotFoundError')) throw new VcsError('not_found', `Unknown revision ${revision}`);
      throw error;
    }
  }

  listFiles(glob?: string): Promise<string[]> {
    return listWorkTreeFiles(this.workDir, glob);
  }

  async readFile(path: string, ref?: string): Promise<Buffer> {
    if (ref === undefined) return readWorkTreeFile(this.workDir, path);
    const filepath = normalizeRelativePath(path);
    try {
      const oid = await this.resolveRevision(ref);
      const { blob } = await git.readBlob({ ...this.ctx, oid, filepath });
      return Buffer.from(blob);
    } catch (error) {
      if (isGitError(error, 'NotFoundError')) throw new VcsError('not_found', `File not found at ${ref}: ${filepath}`);
      throw error;
    }
  }

  writeFile(path: string, data: string | Uint8Array): Promise<void> {
    return writeWorkTreeFile(this.workDir, path, data);
  }

  private network() {
    const credentials = this.credentials;
    return { http: this.http, onAuth: credentials ? () => ({ ...credentials }) : undefined };
  }

  private failure(error: unknown, fallback: VcsErrorCode, action: string): VcsError {
    return toVcsError(error, fallback, action, [this.credentials?.password]);
  }

  private remoteRef(branch: string): string {
    return `refs/remotes/${REMOTE}/${branch}`;
  }

  private async branch(): Promise<string> {
    const branch = await git.currentBranch({ ...this.ctx }).catch(() => undefined);
    if (!branch) throw new VcsError('no_repository', 'No branch is checked out; clone the repository first');
    return branch;
  }

  private async resolveRequired(ref: string): Promise<string> {
    const oid = await resolveOrNull(this.ctx, ref);
    if (!oid) throw new VcsError('not_found', `Unknown revision ${ref.replace(/^refs\/(heads|remotes)\//, '')}`);
    return oid;
  }

  /** Branches, tags, remote branches and full or abbreviated commit shas. */
  private async resolveRevision(ref: string): Promise<string> {
    const oid = await resolveOrNull(this.ctx, ref);
    if (oid) return oid;
    if (/^[0-9a-f]{4,40}$/i.test(ref)) return git.expandOid({ ...this.ctx, oid: ref.toLowerCase() });
    throw new VcsError('not_found', `Unknown revision ${ref}`);
  }

  /** Refuses to overwrite uncommitted edits, as `git merge` does, before anything has been changed. */
  private async assertClean(paths: string[]): Promise<void> {
    const dirty = await localChanges(this.ctx, paths);
    if (dirty.length > 0) {
      throw new VcsError(
        'local_changes',
        `Uncommitted changes would be overwritten: ${dirty.map(([path]) => path).join(', ')}`,
      );
    }
  }
}
