import { branchOfRef, HookParser, objectAt, optionalString, stringAt, withAndWithoutGitSuffix } from './hook-payload';

/** Gitee: every push payload lists the repository's URLs; the full name is its path with namespace. */
export const parseGitee: HookParser = (payload) => {
  const repository = objectAt(payload, 'repository');
  const repoUrls = withAndWithoutGitSuffix(['git_http_url', 'git_ssh_url', 'git_url', 'ssh_url', 'html_url'].map((key) => optionalString(repository, key)));
  const fullName = optionalString(repository, 'path_with_namespace') ?? stringAt(repository, 'full_name');
  return { service: 'Gitee', repoUrls, branch: branchOfRef(stringAt(payload, 'ref')), fullName };
};
