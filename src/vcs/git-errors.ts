import { isGitError } from './git-context';
import { scrubSecrets, VcsError, VcsErrorCode } from './vcs-error';

const NETWORK_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH']);

/**
 * Turns an isomorphic-git or network error into a VcsError. The detail is chosen here rather than copied, because
 * isomorphic-git embeds the server's response body in HttpError and may repeat URLs; anything left is scrubbed.
 */
export function toVcsError(
  error: unknown,
  fallback: VcsErrorCode,
  action: string,
  secrets: (string | undefined)[],
): VcsError {
  if (error instanceof VcsError) return error;
  const [code, detail] = classify(error, fallback);
  return new VcsError(code, scrubSecrets(`${action} failed: ${detail}`, secrets));
}

function classify(error: unknown, fallback: VcsErrorCode): [VcsErrorCode, string] {
  if (isGitError(error, 'HttpError')) {
    const status = Number(error.data?.statusCode);
    if (status === 401 || status === 403) return ['auth_failed', `authentication failed (HTTP ${status})`];
    if (status === 404) return ['not_found', 'repository not found (HTTP 404)'];
    // Redirects are not followed (see GitWorkingCopy), so a moved repository needs its new URL to be configured.
    if (status >= 300 && status < 400)
      return [fallback, `the server redirects (HTTP ${status}); configure the final URL`];
    return [fallback, `HTTP ${status}`];
  }
  if (isGitError(error, 'NotFoundError')) return ['not_found', error.message];
  if (isGitError(error, 'PushRejectedError')) {
    return ['push_rejected', 'the remote branch has commits that are not merged locally'];
  }
  if (isGitError(error, 'GitPushError')) return ['push_rejected', error.message];
  const systemCode = (error as { code?: unknown } | null)?.code;
  if (typeof systemCode === 'string' && NETWORK_ERRORS.has(systemCode)) {
    return [fallback, `cannot reach the server (${systemCode})`];
  }
  return [fallback, error instanceof Error ? error.message : String(error)];
}
