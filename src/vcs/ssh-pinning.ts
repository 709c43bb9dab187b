import { parseIpAddress } from './ip-address';
import { parseRepositoryUrl, redactUrl } from './repository-url';
import { isNonPublic, systemResolve } from './url-policy';
import { VcsError } from './vcs-error';

/** Host names ssh may be told about in a command line: letters, digits, dots and hyphens only. */
const PLAIN_HOST = /^[a-z0-9.-]+$/;

/**
 * GIT_SSH_COMMAND for one connection of the git binary to `url` that reaches only a public address of its host:
 * the name is resolved here, every address checked, and ssh is pinned to the checked one (`HostName`), keeping
 * the name for the host key (`HostKeyAlias`). Without the pin, ssh would resolve the name again, and a
 * rebinding DNS server could answer an internal address the second time — the check the HTTP client makes
 * at connect time (publicOnlyLookup), for ssh.
 */
export async function pinnedSshCommand(url: string, base: string, resolve: (host: string) => Promise<string[]> = systemResolve): Promise<string> {
  const { host } = parseRepositoryUrl(url);
  const refuse = (reason: string) => new VcsError('forbidden_url', `Repository URL ${redactUrl(url)} is not allowed: ${reason}`);
  if (!host) throw refuse('it has no host');
  if (parseIpAddress(host)) {
    if (isNonPublic(host)) throw refuse('the host is in a private or local network');
    return base;
  }
  if (!PLAIN_HOST.test(host)) throw refuse('the host name has unexpected characters');
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) throw refuse('the host name does not resolve');
  if (addresses.some(isNonPublic)) throw refuse('the host is in a private or local network');
  return `${base} -o HostName=${addresses[0]} -o HostKeyAlias=${host}`;
}
