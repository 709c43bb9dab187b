import { lstat } from 'node:fs/promises';
import { join } from 'node:path';
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
import { gitContext } from './git-context';
import { fetchFromClone } from './local-fetch';
import { parseRepositoryUrl, redactUrl, splitCredentials } from './repository-url';
import { squashCommits } from './squash';
import { pinnedCurlResolve, pinnedSshCommand } from './connection-pinning';
import { classifyGitStderr, DEFAULT_SSH_COMMAND, runGit, signatureEnv, splitNul, SystemGitOptions } from './system-git';
import { scrubSecrets, VcsError, VcsErrorCode } from './vcs-error';
import {
  emptyDir,
  listWorkTreeFiles,
  normalizeRelativePath,
  prepareCloneDir,
  readWorkTreeFile,
  writeWorkTreeFile,
} from './work-tree';

const REMOTE = 'origin';
// Pathspec magic so that caller paths are never read as globs (`*`, `?`, `[`) by git.
const literal = (path: string) => `:(literal)${normalizeRelativePath(path)}`;

/**
 * WorkingCopy over the git binary, for what isomorphic-git cannot do: ssh:// and scp-like `git@host:path` remotes
 * (it also handles http(s)). Differences from GitWorkingCopy: rebase needs a work tree without uncommitted changes
 * to tracked files, and flattens local merge commits as `git rebase` does.
 */
export class SystemGitWorkingCopy implements WorkingCopy {
  constructor(
    readonly workDir: string,
    private options: SystemGitOptions = {},
  ) {}

  async clone(url: string, branch: string, options: { credentials?: Credentials } = {}): Promise<void> {
    const split = splitCredentials(url);
    this.options = {
      ...this.options,
      credentials: options.credentials ?? split.credentials ?? this.options.credentials,
    };
    await prepareCloneDir(this.workDir);
    const args = ['clone', '--quiet', '--branch', branch, '--single-branch', '--no-tags', '--', split.url, '.'];
    const run = await runGit(this.workDir, args, await this.connectingTo(split.url));
    if (run.code !== 0) {
      await emptyDir(this.workDir);
      throw this.failure(run.stderr, 'clone_failed', `Cloning ${redactUrl(url)}`);
    }
  }

  async remoteUrl(): Promise<string | null> {
    const run = await runGit(this.workDir, ['config', '--get', `remote.${REMOTE}.url`]).catch(() => null);
    return run?.code === 0 ? redactUrl(run.stdout.toString('utf8').trim()) : null;
  }

  async status(paths?: string[]): Promise<RepositoryStatus> {
    const branch = await this.branch();
    const headCommit = await this.revParse('HEAD');
    const remoteCommit = await this.revParse(this.remoteRef(branch));
    let outgoing = 0;
    let missing = 0;
    if (headCommit && remoteCommit) {
      const counts = await this.git(['rev-list', '--left-right', '--count', `${headCommit}...${remoteCommit}`]);
      [outgoing, missing] = counts.toString('utf8').trim().split(/\s+/).map(Number);
    } else if (headCommit) {
      outgoing = Number((await this.git(['rev-list', '--count', headCommit])).toString('utf8').trim());
    }
    const needsCommit =
      paths?.length !== 0 &&
      (await this.git(['status', '--porcelain', '-z', '--', ...(paths ?? []).map(literal)])).length > 0;
    return {
      branch,
      headCommit,
      remoteCommit,
      needsCommit,
      needsMerge: missing > 0,
      needsPush: outgoing > 0,
      outgoingCommits: outgoing,
      missingCommits: missing,
    };
  }

  async commit(files: string[], options: CommitOptions): Promise<string | null> {
    const present: string[] = [];
    const absent: string[] = [];
    for (const file of files) {
      const exists = await lstat(join(this.workDir, normalizeRelativePath(file))).then(
        () => true,
        () => false,
      );
      (exists ? present : absent).push(literal(file));
    }
    // `--force` as in Weblate: a translation file the caller names is committed even if ignored.
    if (present.length > 0) await this.git(['add', '--force', '--', ...present]);
    if (absent.length > 0) await this.git(['rm', '--cached', '--quiet', '--ignore-unmatch', '--', ...absent]);
    if ((await runGit(this.workDir, ['diff', '--cached', '--quiet'])).code === 0) return null;
    const env = {
      ...signatureEnv('AUTHOR', options.author),
      ...signatureEnv('COMMITTER', options.committer ?? options.author),
    };
    // `whitespace` keeps lines starting with `#`, which the default clean-up would drop as comments.
    await this.git(['commit', '--quiet', '--no-verify', '--cleanup=whitespace', '-m', options.message], { env });
    return this.revParse('HEAD');
  }

  async squash(options: SquashOptions): Promise<string> {
    const branch = await this.branch();
    const head = await this.revParseRequired('HEAD');
    const squashed = await squashCommits(gitContext(this.workDir), head, await this.revParseRequired(this.remoteRef(branch)), options);
    // The tree is HEAD's: index and work tree already match it.
    await this.git(['update-ref', '-m', 'squash', `refs/heads/${branch}`, squashed, head]);
    return squashed;
  }

  async fetch(): Promise<void> {
    const connection = await this.connectingTo(await this.originUrl());
    await this.git(['fetch', '--quiet', '--no-tags', REMOTE], { fallback: 'fetch_failed', action: 'Fetching from', connection });
  }

  async fetchFrom(source: WorkingCopy): Promise<void> {
    await fetchFromClone(gitContext(source.workDir), gitContext(this.workDir), this.remoteRef(await this.branch()));
  }

  async merge(style: MergeStyle, options: MergeOptions): Promise<MergeResult> {
    const branch = await this.branch();
    const head = await this.revParseRequired('HEAD');
    const remote = await this.revParseRequired(this.remoteRef(branch));
    if ((await runGit(this.workDir, ['merge-base', '--is-ancestor', remote, head])).code === 0) {
      return { ok: true, changedFiles: [] };
    }
    const committer = signatureEnv('COMMITTER', options.author);
    let run;
    if (style === 'rebase') {
      if ((await this.git(['status', '--porcelain', '--untracked-files=no'])).length > 0) {
        throw new VcsError('local_changes', 'Rebasing needs all changes to tracked files to be committed');
      }
      // Rebased commits keep their authors: only the committer comes from the caller.
      run = await runGit(this.workDir, ['rebase', '--quiet', remote], { ...this.options, env: committer });
    } else {
      const args = ['merge', '--quiet', '--no-edit', style === 'merge_noff' ? '--no-ff' : '--ff'];
      if (options.message) args.push('-m', options.message);
      const env = { ...signatureEnv('AUTHOR', options.author), ...committer };
      // The short ref name, not the sha, gives git's "Merge remote-tracking branch 'origin/…'" message.
      run = await runGit(this.workDir, [...args, `${REMOTE}/${branch}`], { ...this.options, env });
    }
    if (run.code !== 0) {
      const conflicts = splitNul(await this.git(['diff', '--name-only', '-z', '--diff-filter=U']));
      // Undo whatever git left half done (a rebase can also stop without conflicts); when git refused to start,
      // there is nothing to abort and this fails harmlessly.
      await runGit(this.workDir, [style === 'rebase' ? 'rebase' : 'merge', '--abort']);
      if (/would be overwritten/.test(run.stderr)) {
        throw new VcsError('local_changes', 'Uncommitted or untracked files would be overwritten by the merge');
      }
      if (conflicts.length === 0) throw this.failure(run.stderr, 'merge_failed', 'Merging');
      return { ok: false, conflicts, message: `Merge conflict in ${conflicts.join(', ')}` };
    }
    return { ok: true, changedFiles: splitNul(await this.git(['diff', '--name-only', '-z', head, 'HEAD'])) };
  }

  async push(branch?: string, options: PushOptions = {}): Promise<void> {
    const target = branch ?? (await this.branch());
    const refspec = `HEAD:refs/heads/${this.checkRevision(target)}`;
    if (!options.url) {
      const connection = await this.connectingTo(await this.originUrl());
      await this.git(['push', '--quiet', REMOTE, refspec], { fallback: 'push_failed', action: 'Pushing to', connection });
      return;
    }
    // A one-off `remote.origin.pushurl`, as Weblate configures it: origin's remote-tracking branch follows the push.
    const args = ['-c', `remote.${REMOTE}.pushurl=${options.url}`, 'push', '--quiet', REMOTE, refspec];
    const run = await runGit(this.workDir, args, { ...(await this.connectingTo(options.url)), credentials: options.credentials });
    if (run.code !== 0) {
      throw this.failure(run.stderr, 'push_failed', `Pushing to ${redactUrl(options.url)}`, options.credentials);
    }
  }

  async reset(): Promise<void> {
    await this.git(['reset', '--quiet', '--hard', this.remoteRef(await this.branch())]);
  }

  async cleanup(): Promise<void> {
    await this.git(['clean', '--quiet', '--force', '-d']);
  }

  async readCommit(revision: string): Promise<CommitDetails> {
    const oid = await this.revParseRequired(revision);
    // NUL-separated fields; the message (%B, raw) comes last, so a NUL-free message stays whole.
    const output = await this.git(['show', '--no-patch', '--no-show-signature', '--format=%an%x00%ae%x00%at%x00%cn%x00%ce%x00%ct%x00%B', oid]);
    const [authorName, authorEmail, authorTime, committerName, committerEmail, committerTime, message] = output.toString('utf8').split('\0');
    return {
      revision: oid,
      author: { name: authorName, email: authorEmail, timestamp: new Date(Number(authorTime) * 1000) },
      committer: { name: committerName, email: committerEmail, timestamp: new Date(Number(committerTime) * 1000) },
      message: message.replace(/\n+$/, ''),
    };
  }

  listFiles(glob?: string): Promise<string[]> {
    return listWorkTreeFiles(this.workDir, glob);
  }

  async readFile(path: string, ref?: string): Promise<Buffer> {
    if (ref === undefined) return readWorkTreeFile(this.workDir, path);
    const filepath = normalizeRelativePath(path);
    const run = await runGit(this.workDir, ['cat-file', 'blob', `${this.checkRevision(ref)}:${filepath}`]);
    if (run.code !== 0) throw new VcsError('not_found', `File not found at ${ref}: ${filepath}`);
    return run.stdout;
  }

  writeFile(path: string, data: string | Uint8Array): Promise<void> {
    return writeWorkTreeFile(this.workDir, path, data);
  }

  /** The options for a command that connects to `url`: over ssh, pinned to a checked public address when asked. */
  /** The options of one connection to `url`: with private hosts blocked, pinned to an address checked now. */
  private async connectingTo(url: string): Promise<SystemGitOptions> {
    if (!this.options.blockPrivateHosts) return this.options;
    const { scheme } = parseRepositoryUrl(url);
    if (scheme === 'ssh') {
      return { ...this.options, sshCommand: await pinnedSshCommand(url, this.options.sshCommand ?? DEFAULT_SSH_COMMAND, this.options.resolve) };
    }
    if (scheme === 'https' || scheme === 'http') return { ...this.options, curlResolve: (await pinnedCurlResolve(url, this.options.resolve)) ?? undefined };
    return this.options;
  }

  /** origin's URL as configured (credentials included, unlike remoteUrl). */
  private async originUrl(): Promise<string> {
    return (await this.git(['config', '--get', `remote.${REMOTE}.url`])).toString('utf8').trim();
  }

  private async git(
    args: string[],
    options: { env?: Record<string, string>; fallback?: VcsErrorCode; action?: string; connection?: SystemGitOptions } = {},
  ): Promise<Buffer> {
    const run = await runGit(this.workDir, args, { ...(options.connection ?? this.options), env: options.env });
    if (run.code !== 0) {
      const action = options.action ? `${options.action} ${await this.remoteUrl()}` : `git ${args[0]}`;
      throw this.failure(run.stderr, options.fallback ?? 'git_failed', action);
    }
    return run.stdout;
  }

  private failure(stderr: string, fallback: VcsErrorCode, action: string, credentials = this.options.credentials): VcsError {
    const lines = stderr.split('\n').map((line) => line.trim());
    const detail =
      lines
        .filter((line) => line && !line.startsWith('hint:'))
        .slice(-3)
        .join(' ') || 'git failed';
    const token = credentials && Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64');
    const message = scrubSecrets(`${action} failed: ${detail}`, [credentials?.password, token]);
    return new VcsError(classifyGitStderr(stderr) ?? fallback, message);
  }

  private remoteRef(branch: string): string {
    return `refs/remotes/${REMOTE}/${branch}`;
  }

  private async branch(): Promise<string> {
    const run = await runGit(this.workDir, ['symbolic-ref', '--quiet', '--short', 'HEAD']).catch(() => null);
    if (run?.code !== 0) throw new VcsError('no_repository', 'No branch is checked out; clone the repository first');
    return run.stdout.toString('utf8').trim();
  }

  private async revParse(ref: string): Promise<string | null> {
    const run = await runGit(this.workDir, ['rev-parse', '--verify', '--quiet', `${this.checkRevision(ref)}^{commit}`]);
    return run.code === 0 ? run.stdout.toString('utf8').trim() : null;
  }

  private async revParseRequired(ref: string): Promise<string> {
    const oid = await this.revParse(ref);
    if (!oid) throw new VcsError('not_found', `Unknown revision ${ref.replace(/^refs\/(heads|remotes)\//, '')}`);
    return oid;
  }

  /** Revisions reach git as arguments: one starting with `-` would be read as an option. */
  private checkRevision(ref: string): string {
    if (!/^[^-\s:][^\s:]*$/.test(ref)) throw new VcsError('not_found', `Unknown revision ${JSON.stringify(ref)}`);
    return ref;
  }
}
