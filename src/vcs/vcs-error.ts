export type VcsErrorCode =
  | 'auth_failed'
  | 'clone_failed'
  | 'fetch_failed'
  | 'forbidden_url'
  | 'git_failed'
  | 'invalid_path'
  | 'local_changes'
  | 'merge_failed'
  | 'no_repository'
  | 'not_found'
  | 'push_rejected'
  | 'push_failed'
  | 'unsupported_url';

/**
 * The only error the vcs library throws on purpose. Messages are shown to API users, so they never contain
 * credentials: every message is built from redacted URLs and scrubbed of the secrets in use.
 */
export class VcsError extends Error {
  constructor(
    readonly code: VcsErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'VcsError';
  }
}

/** Removes every occurrence of the given secrets (and their URL-encoded forms) from a message. */
export function scrubSecrets(message: string, secrets: (string | undefined)[]): string {
  let result = message;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)])) result = result.split(form).join('***');
  }
  return result;
}
