import { Credentials } from './working-copy';

export interface ParsedRepositoryUrl {
  /** Lower-case scheme; scp-like `user@host:path` is `ssh`, a local path is `file`. */
  scheme: string;
  /** Lower-case host without brackets, percent-decoding or trailing dot; null for local paths. */
  host: string | null;
}

const SCHEME = /^([a-z][a-z0-9+.-]*):\/\//i;
// git's remote-helper syntax `<transport>::<address>`; `ext::` runs an arbitrary command.
const REMOTE_HELPER = /^([a-z0-9][a-z0-9+.-]*)::/i;
// Like git: a colon before the first slash makes `[user@]host:path` an scp-like ssh address.
const SCP_LIKE = /^(?:[^@/]+@)?(\[[^\]/]+\]|[^:/[\]]+):/;

export function parseRepositoryUrl(url: string): ParsedRepositoryUrl {
  const scheme = SCHEME.exec(url);
  if (scheme) {
    const name = scheme[1].toLowerCase();
    return {
      scheme: name === 'git+ssh' || name === 'ssh+git' ? 'ssh' : name,
      host: normalizeHost(authorityHost(url.slice(scheme[0].length))),
    };
  }
  const helper = REMOTE_HELPER.exec(url);
  if (helper) return { scheme: helper[1].toLowerCase(), host: null };
  const scp = SCP_LIKE.exec(url);
  if (scp) return { scheme: 'ssh', host: normalizeHost(scp[1]) };
  return { scheme: 'file', host: null };
}

function authorityHost(rest: string): string {
  const authority = rest.split(/[/?#]/, 1)[0];
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  return hostPort.startsWith('[') ? hostPort.slice(0, hostPort.indexOf(']') + 1) : hostPort.split(':', 1)[0];
}

function normalizeHost(host: string): string | null {
  const bare = safeDecode(host)
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/\.$/, '')
    .toLowerCase();
  return bare === '' ? null : bare;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Splits `scheme://user-info@rest` at the last `@` of the authority, as URL parsers do. */
function splitUserInfo(url: string): { scheme: string; userInfo: string; rest: string } | null {
  const scheme = SCHEME.exec(url);
  if (!scheme) return null;
  const afterScheme = url.slice(scheme[0].length);
  const at = afterScheme.lastIndexOf('@', afterScheme.search(/[/?#]|$/));
  if (at < 0) return null;
  return { scheme: scheme[0], userInfo: afterScheme.slice(0, at), rest: afterScheme.slice(at + 1) };
}

/**
 * The URL without secrets, for storage, logs and messages: http(s) URLs lose their whole user-info (tokens are
 * often sent as the user name), other URLs keep the user name (`ssh://git@…`) but lose any password.
 */
export function redactUrl(url: string): string {
  const parts = splitUserInfo(url);
  if (!parts) return url;
  const kept = /^https?:/i.test(parts.scheme) ? '' : `${parts.userInfo.split(':', 1)[0]}@`;
  return `${parts.scheme}${kept}${parts.rest}`;
}

/** Splits the user-info of an http(s) URL into credentials, so that only the redacted URL is ever stored. */
export function splitCredentials(url: string): { url: string; credentials?: Credentials } {
  const parts = splitUserInfo(url);
  if (!parts || !/^https?:/i.test(parts.scheme)) return { url };
  const colon = parts.userInfo.indexOf(':');
  return {
    url: `${parts.scheme}${parts.rest}`,
    credentials: {
      username: safeDecode(colon < 0 ? parts.userInfo : parts.userInfo.slice(0, colon)),
      password: colon < 0 ? '' : safeDecode(parts.userInfo.slice(colon + 1)),
    },
  };
}
