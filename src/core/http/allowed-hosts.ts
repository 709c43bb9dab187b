/**
 * Which hosts a request may name (its `Host`, or `X-Forwarded-Host` behind a trusted proxy) when public URLs are
 * built from it, as Django's ALLOWED_HOSTS: a name as written (`translate.example.org`, `127.0.0.1`, `[::1]`),
 * `.example.org` for that domain and its subdomains, or `*` for any. Ports are not compared. Without this, any
 * client could choose the host of the URLs the server writes, into answers and into the `Translate-URL` of commits.
 */

/** Where `npm start` is reached with no configuration. */
export const LOCAL_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** One ALLOWED_HOSTS entry. */
export const HOST_PATTERN = /^(\*|\.?[a-z0-9.-]+|\[[0-9a-f:.]+\])$/i;

/** `name[:port]` with a DNS name or IPv4 address, or a bracketed IPv6 address (Django's syntax for Host). */
const HOST_SYNTAX = /^([a-z0-9.-]+|\[[a-f0-9]*:[a-f0-9.:]+\])(:\d+)?$/i;

/** Entries as compared: lower case, without a final dot. */
export function parseAllowedHosts(list: string): string[] {
  return list.split(',').map((entry) => entry.trim().toLowerCase().replace(/\.$/, '')).filter(Boolean);
}

export function isAllowedHost(host: string | undefined, allowed: readonly string[]): boolean {
  if (!host || !HOST_SYNTAX.test(host)) return false;
  const name = host.replace(/:\d+$/, '').replace(/\.$/, '').toLowerCase();
  return allowed.some((pattern) => pattern === '*' || pattern === name || (pattern.startsWith('.') && (name.endsWith(pattern) || name === pattern.slice(1))));
}
