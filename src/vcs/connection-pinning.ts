import { parseIpAddress } from './ip-address';
import { parseRepositoryUrl, redactUrl } from './repository-url';
import { isNonPublic, systemResolve } from './url-policy';
import { VcsError } from './vcs-error';

/**
 * The git binary resolves host names itself, so the check the HTTP client of isomorphic-git makes at connect time
 * (publicOnlyLookup) is done here instead: the name is resolved once, every address checked, and the connection
 * pinned to the checked one. Without the pin, git would resolve the name again, and a rebinding DNS server could
 * answer an internal address the second time.
 */
type Resolve = (host: string) => Promise<string[]>;

/** Host names that may stand in a command line or a curl resolve entry: letters, digits, dots and hyphens only. */
const PLAIN_HOST = /^[a-z0-9.-]+$/;

/** The public address to connect to for the URL's host name, or null when the host is a public address literal. */
async function checkedAddress(url: string, resolve: Resolve): Promise<string | null> {
  const { host } = parseRepositoryUrl(url);
  const refuse = (reason: string) => new VcsError('forbidden_url', `Repository URL ${redactUrl(url)} is not allowed: ${reason}`);
  if (!host) throw refuse('it has no host');
  if (parseIpAddress(host)) {
    if (isNonPublic(host)) throw refuse('the host is in a private or local network');
    return null;
  }
  if (!PLAIN_HOST.test(host)) throw refuse('the host name has unexpected characters');
  const addresses = await resolve(host).catch(() => []);
  if (addresses.length === 0) throw refuse('the host name does not resolve');
  if (addresses.some(isNonPublic)) throw refuse('the host is in a private or local network');
  return addresses[0];
}

/** GIT_SSH_COMMAND for one connection to `url`: ssh is pinned to the checked address (`HostName`), keeping the name for the host key. */
export async function pinnedSshCommand(url: string, base: string, resolve: Resolve = systemResolve): Promise<string> {
  const address = await checkedAddress(url, resolve);
  return address === null ? base : `${base} -o HostName=${address} -o HostKeyAlias=${parseRepositoryUrl(url).host}`;
}

/**
 * git's `http.curloptResolve` entry (`host:port:address`) for one https/http connection to `url`: curl connects to
 * the checked address while TLS still verifies the certificate for the name. Null for a public address literal.
 */
export async function pinnedCurlResolve(url: string, resolve: Resolve = systemResolve): Promise<string | null> {
  const address = await checkedAddress(url, resolve);
  if (address === null) return null;
  const parsed = new URL(url);
  const port = parsed.port || (parsed.protocol === 'https:' ? '443' : '80');
  return `${parseRepositoryUrl(url).host}:${port}:${address.includes(':') ? `[${address}]` : address}`;
}
