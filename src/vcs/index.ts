import { GitWorkingCopy } from './git-working-copy';
import { Credentials, WorkingCopy } from './working-copy';
import { parseRepositoryUrl, redactUrl } from './repository-url';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { VcsError } from './vcs-error';

export * from './working-copy';
export { GitWorkingCopy } from './git-working-copy';
export { SystemGitWorkingCopy } from './system-git-working-copy';
export { VcsError, type VcsErrorCode } from './vcs-error';

export interface WorkingCopyOptions {
  /** For http(s) remotes. */
  credentials?: Credentials;
  /**
   * Also check the addresses connected to, against DNS rebinding: for http(s) in the HTTP client's lookup
   * (publicOnlyLookup), for ssh by pinning ssh to a checked address (pinnedSshCommand).
   */
  blockPrivateHosts?: boolean;
  /** GIT_SSH_COMMAND for ssh remotes (known-hosts file, key); defaults to `ssh -o BatchMode=yes`. */
  sshCommand?: string;
}

/**
 * Picks the implementation for a remote URL: isomorphic-git for http(s), the git binary for ssh and scp-like
 * addresses. Local paths, file:// and every other scheme are refused here; whether a URL is allowed at all is
 * `checkRepositoryUrl`'s decision, and `weblate://` links are resolved by the caller to the linked repository.
 */
export function createWorkingCopy(url: string, workDir: string, options: WorkingCopyOptions = {}): WorkingCopy {
  const { scheme } = parseRepositoryUrl(url);
  if (scheme === 'http' || scheme === 'https') return new GitWorkingCopy(workDir, options);
  if (scheme === 'ssh') return new SystemGitWorkingCopy(workDir, options);
  throw new VcsError('unsupported_url', `Unsupported repository URL ${redactUrl(url)}: use http(s) or ssh`);
}
