import { hostUrlForms, HookParser, isObject, NOT_A_PUSH, objectAt, optionalString, withAndWithoutGitSuffix } from './hook-payload';

/** The events that change a branch: pushes (Cloud, Server) and merged pull requests (Cloud, Server). */
const PUSH_EVENTS = new Set(['repo:push', 'repo:refs_changed', 'pullrequest:fulfilled', 'pr:merged']);

/**
 * Bitbucket Cloud, Bitbucket Server (Data Center) and the legacy Bitbucket service send different payloads
 * for one event, told apart by the fields they carry. Server lists clone links; for the others the URL forms
 * are built from the full name on bitbucket.org (and on the repository's own host).
 */
export const parseBitbucket: HookParser = (payload, headers) => {
  if (!PUSH_EVENTS.has(headers('x-event-key') ?? '')) return NOT_A_PUSH;
  const repository = objectAt(payload, 'repository');
  const fullName = bitbucketFullName(repository);
  const links = isObject(repository.links) ? repository.links : {};
  const cloneLinks = Array.isArray(links.clone) ? links.clone.map((link) => optionalString(link, 'href')) : [];
  const repoUrls = cloneLinks.some(Boolean)
    ? withAndWithoutGitSuffix(cloneLinks)
    : [...new Set(hostsOf(payload, links).flatMap((host) => hostUrlForms(host, fullName)))];
  return { service: 'Bitbucket', repoUrls, branch: bitbucketBranch(payload), fullName };
};

function bitbucketFullName(repository: Record<string, unknown>): string {
  const named = optionalString(repository, 'full_name') ?? optionalString(repository, 'fullName');
  if (named) return named;
  const absolute = optionalString(repository, 'absolute_url');
  if (absolute) return absolute.replace(/^\/+|\/+$/g, '');
  const slug = optionalString(repository, 'slug') ?? '';
  const owner = optionalString(repository, 'owner') ?? optionalString(repository.project, 'key') ?? '';
  return `${owner}/${slug}`;
}

/** bitbucket.org, plus the host the payload says the repository lives on (legacy `canon_url`, Cloud HTML link). */
function hostsOf(payload: Record<string, unknown>, links: Record<string, unknown>): string[] {
  const hosts = new Set(['bitbucket.org']);
  for (const url of [optionalString(payload, 'canon_url'), optionalString(links.html, 'href')]) {
    if (url) hosts.add(new URL(url).host);
  }
  return [...hosts];
}

/** The branch of the last change listed (each flavour lists them elsewhere), or a merged pull request's target. */
function bitbucketBranch(payload: Record<string, unknown>): string | null {
  const push = isObject(payload.push) ? payload.push : {};
  const lists = [payload.changes, push.changes, payload.commits].filter(Array.isArray);
  const last = lists.length > 0 ? lists[0].at(-1) : undefined;
  if (isObject(last)) {
    const branch = optionalString(last, 'branch') ?? optionalString(last.new, 'name') ?? optionalString(last.old, 'name') ?? optionalString(last.ref, 'displayId');
    if (branch) return branch;
  }
  const pullRequest = isObject(payload.pullrequest) ? payload.pullrequest : {};
  const destination = isObject(pullRequest.destination) ? pullRequest.destination : {};
  return optionalString(destination.branch, 'name') ?? null;
}
