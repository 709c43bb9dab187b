import { branchOfRef, HookParser, objectAt, optionalString, stringAt, withAndWithoutGitSuffix } from './hook-payload';

/**
 * Gitea and Forgejo (its fork) send the same push payload. Their SSH URL comes as `ssh://user@host:port/path`;
 * a component may name it in the scp-like form `user@host:path` instead (no port there), so both are listed.
 */
function parseGiteaFamily(service: string): HookParser {
  return (payload) => {
    const repository = objectAt(payload, 'repository');
    const ssh = optionalString(repository, 'ssh_url');
    return {
      service,
      repoUrls: withAndWithoutGitSuffix([optionalString(repository, 'clone_url'), ...sshForms(ssh), optionalString(repository, 'html_url')]),
      branch: branchOfRef(stringAt(payload, 'ref')),
      fullName: stringAt(repository, 'full_name'),
    };
  };
}

/** `ssh://user@host[:port]/path` ⇄ `user@host:path`. */
function sshForms(url: string | undefined): string[] {
  if (!url) return [];
  const asUrl = /^ssh:\/\/([^@/]+@)?([^/:]+)(?::\d+)?\/(.+)$/.exec(url);
  if (asUrl) return [url, `${asUrl[1] ?? ''}${asUrl[2]}:${asUrl[3]}`];
  const scpLike = /^([^@/]+@)?([^/:]+):(.+)$/.exec(url);
  if (scpLike) return [url, `ssh://${scpLike[1] ?? ''}${scpLike[2]}/${scpLike[3]}`];
  return [url];
}

export const parseGitea = parseGiteaFamily('Gitea');
export const parseForgejo = parseGiteaFamily('Forgejo');
