import { branchOfRef, HookParser, InvalidHookPayload, NOT_A_PUSH, objectAt, optionalString, stringAt } from './hook-payload';

/**
 * Azure DevOps (`git.push` service hook). The repository is reachable under dev.azure.com and under the older
 * `<organization>.visualstudio.com`, over https and ssh, by project and repository names or ids (names
 * URL-encoded or not): a component may use any of them, so every combination is a candidate.
 */
export const parseAzure: HookParser = (payload) => {
  if (optionalString(payload, 'eventType') !== 'git.push') return NOT_A_PUSH;
  const resource = objectAt(payload, 'resource');
  const repository = objectAt(resource, 'repository');
  const project = objectAt(repository, 'project');
  const organization = organizationOf(stringAt(repository, 'remoteUrl'));
  const projects = variants(stringAt(project, 'name'), optionalString(project, 'id'));
  const repos = variants(stringAt(repository, 'name'), optionalString(repository, 'id'));
  const repoUrls = new Set([stringAt(repository, 'remoteUrl')]);
  for (const projectName of projects) {
    for (const repoName of repos) {
      repoUrls.add(`https://dev.azure.com/${organization}/${projectName}/_git/${repoName}`);
      repoUrls.add(`https://${organization}@dev.azure.com/${organization}/${projectName}/_git/${repoName}`);
      repoUrls.add(`git@ssh.dev.azure.com:v3/${organization}/${projectName}/${repoName}`);
      repoUrls.add(`https://${organization}.visualstudio.com/${projectName}/_git/${repoName}`);
      repoUrls.add(`${organization}@vs-ssh.visualstudio.com:v3/${organization}/${projectName}/${repoName}`);
    }
  }
  const updates = resource.refUpdates;
  const firstRef = Array.isArray(updates) ? optionalString(updates[0], 'name') : undefined;
  return { service: 'Azure', repoUrls: [...repoUrls], branch: firstRef ? branchOfRef(firstRef) : null, fullName: stringAt(repository, 'name') };
};

/** `https://dev.azure.com/<org>/…` or `https://<org>.visualstudio.com/…`. */
function organizationOf(remoteUrl: string): string {
  const url = new URL(remoteUrl);
  if (url.host === 'dev.azure.com') {
    const organization = url.pathname.split('/').filter(Boolean)[0];
    if (organization) return organization;
  }
  const visualStudio = /^([^.]+)\.visualstudio\.com$/.exec(url.host);
  if (visualStudio) return visualStudio[1];
  throw new InvalidHookPayload(`Unknown Azure DevOps host in "${remoteUrl}".`);
}

/** A name as written, URL-encoded, and the object's id. */
function variants(name: string, id: string | undefined): string[] {
  return [...new Set([name, encodeURIComponent(name), ...(id ? [id] : [])])];
}
