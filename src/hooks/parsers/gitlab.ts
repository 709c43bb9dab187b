import { branchOfRef, HookParser, isObject, NOT_A_PUSH, objectAt, optionalString, withAndWithoutGitSuffix } from './hook-payload';

/** GitLab: any payload with a `ref` is a push (system hooks and other events carry none). */
export const parseGitlab: HookParser = (payload) => {
  const ref = optionalString(payload, 'ref');
  if (ref === undefined) return NOT_A_PUSH;
  const repository = objectAt(payload, 'repository');
  const homepage = optionalString(repository, 'homepage');
  const repoUrls = withAndWithoutGitSuffix([
    optionalString(repository, 'url'),
    homepage && `${homepage}.git`,
    optionalString(repository, 'git_http_url'),
    optionalString(repository, 'git_ssh_url'),
    homepage,
  ]);
  // Older payloads have no `project`: the path of the homepage is the same `namespace/name`.
  const project = isObject(payload.project) ? payload.project : {};
  const fullName = optionalString(project, 'path_with_namespace') ?? (homepage ? new URL(homepage).pathname.replace(/^\/+|\/+$/g, '') : '');
  return { service: 'GitLab', repoUrls, branch: branchOfRef(ref), fullName };
};
