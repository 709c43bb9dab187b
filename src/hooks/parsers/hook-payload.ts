/**
 * What a code-hosting service's push notification says, reduced to what matching components needs: every
 * URL form of the repository (components may name it by any of them), the pushed branch and the repository's
 * full name (`owner/name`), the fallback when no URL matches.
 */
export interface RepositoryPush {
  /** The service's name for people, e.g. "GitHub", as recorded in the change log. */
  service: string;
  repoUrls: string[];
  /** Null when the payload names no branch: then every branch matches. */
  branch: string | null;
  fullName: string;
}

/** A payload the service sends that is not a push (a ping, another event): answered "Hook working". */
export const NOT_A_PUSH = null;

/** Request headers as the parsers read them (lower-case names). */
export type HookHeaders = (name: string) => string | undefined;

/**
 * One service's payload → its push, or NOT_A_PUSH. Throws InvalidHookPayload when a field the service always
 * sends is missing or has the wrong type. Pure: no I/O, no framework.
 */
export type HookParser = (payload: Record<string, unknown>, headers: HookHeaders) => RepositoryPush | typeof NOT_A_PUSH;

/** The payload lacks what its service always sends. */
export class InvalidHookPayload extends Error {}

/** The object at `path` in the payload; throws InvalidHookPayload when something on the way is not an object. */
export function objectAt(payload: unknown, ...path: string[]): Record<string, unknown> {
  let value = payload;
  for (const key of path) {
    if (!isObject(value) || !Object.hasOwn(value, key)) throw new InvalidHookPayload(`Missing "${path.join('.')}".`);
    value = value[key];
  }
  if (!isObject(value)) throw new InvalidHookPayload(`"${path.join('.')}" is not an object.`);
  return value;
}

/** The string at `key`, required. */
export function stringAt(object: Record<string, unknown>, key: string): string {
  const value = optionalString(object, key);
  if (value === undefined) throw new InvalidHookPayload(`Missing "${key}".`);
  return value;
}

/** The non-empty string at `key`, or undefined. */
export function optionalString(object: unknown, key: string): string | undefined {
  if (!isObject(object) || !Object.hasOwn(object, key)) return undefined;
  const value = object[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `refs/heads/main` → `main`; other refs (tags) stay as they are. */
export function branchOfRef(ref: string): string {
  return ref.replace(/^refs\/heads\//, '');
}

/** Each URL, and the same without a trailing `.git` (components name repositories both ways); no duplicates. */
export function withAndWithoutGitSuffix(urls: (string | undefined)[]): string[] {
  const all = urls.filter((url): url is string => url !== undefined).flatMap((url) => (url.endsWith('.git') ? [url, url.slice(0, -4)] : [url]));
  return [...new Set(all)];
}

/** The usual ways to name `<fullName>` on a host: https, ssh (scp-like and URL), git, each with and without `.git`. */
export function hostUrlForms(host: string, fullName: string): string[] {
  return withAndWithoutGitSuffix([
    `https://${host}/${fullName}.git`,
    `git@${host}:${fullName}.git`,
    `ssh://git@${host}/${fullName}.git`,
    `git://${host}/${fullName}.git`,
  ]);
}

/**
 * The most candidate URLs a push may name. Real payloads name a few forms each, Azure DevOps the most (46: every
 * combination of names, encodings and ids); a payload naming more is refused before anything is matched.
 */
export const MAX_CANDIDATE_URLS = 100;

/** The longest repository URL a component stores (its `repo` field): a longer URL or full name matches none. */
const MAX_REPOSITORY_LENGTH = 300;

/**
 * The push as matched and recorded: URLs and a full name no component's repository can match are dropped, so what
 * the change log stores is bounded too. Throws InvalidHookPayload when the push names too many URLs.
 */
export function boundedPush(push: RepositoryPush): RepositoryPush {
  if (push.repoUrls.length > MAX_CANDIDATE_URLS) throw new InvalidHookPayload(`${push.repoUrls.length} repository URLs, at most ${MAX_CANDIDATE_URLS} are read.`);
  return {
    ...push,
    repoUrls: push.repoUrls.filter((url) => url.length <= MAX_REPOSITORY_LENGTH),
    fullName: push.fullName.length < MAX_REPOSITORY_LENGTH ? push.fullName : '',
  };
}
