import { branchOfRef, HookParser, NOT_A_PUSH, objectAt, optionalString, stringAt, withAndWithoutGitSuffix } from './hook-payload';

/**
 * GitHub: only `X-GitHub-Event: push` updates anything (the `ping` GitHub sends when a webhook is added, and
 * every other event, is acknowledged). Newer payloads list the clone URLs; older ones only name the owner and
 * repository, from which the usual github.com URL forms are built.
 */
export const parseGithub: HookParser = (payload, headers) => {
  if (headers('x-github-event') !== 'push') return NOT_A_PUSH;
  const repository = objectAt(payload, 'repository');
  const ownerObject = objectAt(repository, 'owner');
  const owner = optionalString(ownerObject, 'login') ?? stringAt(ownerObject, 'name');
  const fullName = `${owner}/${stringAt(repository, 'name')}`;
  const listed = ['clone_url', 'git_url', 'ssh_url', 'svn_url', 'html_url', 'url'].map((key) => optionalString(repository, key));
  const repoUrls = optionalString(repository, 'clone_url')
    ? withAndWithoutGitSuffix(listed)
    : withAndWithoutGitSuffix([`https://github.com/${fullName}.git`, `git://github.com/${fullName}.git`, `git@github.com:${fullName}.git`]);
  return { service: 'GitHub', repoUrls, branch: branchOfRef(stringAt(payload, 'ref')), fullName };
};
