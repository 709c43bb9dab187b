import { lookup as lookupCallback, LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { LookupFunction } from 'node:net';
import { isNonPublicAddress, parseIpAddress } from './ip-address';
import { parseRepositoryUrl, redactUrl } from './repository-url';
import { VcsError } from './vcs-error';

export { redactUrl };

export interface UrlPolicy {
  /** Among `http`, `https`, `ssh` (also scp-like `git@host:path`), `git`, `file` (also local paths). */
  allowedSchemes: string[];
  /** Refuse hosts that are or resolve to loopback, private, link-local, unique-local or unspecified addresses. */
  blockPrivateHosts: boolean;
  /** Host name → addresses; defaults to the system resolver. */
  resolve?: (host: string) => Promise<string[]>;
}

/** Host name → its addresses, from the system resolver. */
export async function systemResolve(host: string): Promise<string[]> {
  return (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
}

/**
 * Refuses repository URLs that would let API users reach the server's own file system or internal network
 * (Weblate's VCS_RESTRICT_PRIVATE / VCS_ALLOW_SCHEMES). The check runs when a URL is set; a host name can resolve
 * elsewhere later (DNS rebinding), which `publicOnlyLookup` catches for HTTP connections.
 */
export async function checkRepositoryUrl(url: string, policy: UrlPolicy): Promise<void> {
  const refuse = (reason: string) =>
    new VcsError('forbidden_url', `Repository URL ${redactUrl(url)} is not allowed: ${reason}`);
  // Backslashes, spaces and control characters are read differently by different URL parsers (WHATWG URL, the
  // legacy url.parse in the HTTP client, git itself), which would let a URL pass here and connect elsewhere.
  if (/[\\\s\x00-\x1f\x7f]/.test(url)) throw refuse('it contains spaces, backslashes or control characters');
  const { scheme, host } = parseRepositoryUrl(url);
  if (!policy.allowedSchemes.includes(scheme)) throw refuse(`the ${scheme} scheme is not enabled`);
  if (!policy.blockPrivateHosts || scheme === 'file') return;
  if (!host) throw refuse('it has no host');
  if (host === 'localhost' || host.endsWith('.localhost')) throw refuse('the host is local');

  const literal = parseIpAddress(host);
  const addresses = literal ? null : await (policy.resolve ?? systemResolve)(host).catch(() => []);
  if (addresses?.length === 0) throw refuse('the host name does not resolve');
  if (literal ? isNonPublicAddress(literal) : addresses?.some(isNonPublic)) {
    throw refuse('the host is in a private or local network');
  }
}

// Text that does not parse as an address is treated as the unspecified address: refused, failing closed.
export const isNonPublic = (address: string) => isNonPublicAddress(parseIpAddress(address) ?? [0, 0, 0, 0]);

/**
 * A `lookup` for outgoing connections that fails when a host name resolves to a non-public address, so that the
 * address actually connected to is checked, not only the one seen when the URL was validated. Node does not call
 * it for IP literals, which checkRepositoryUrl has already judged and which cannot change.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '');
    if (addresses.some((entry) => isNonPublic(entry.address))) {
      const refused: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
      refused.code = 'EPRIVATEADDRESS';
      return callback(refused, '');
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
