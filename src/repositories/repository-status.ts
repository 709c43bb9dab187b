import { RepositoryStatus } from '../vcs/repository';

/** The `status` text of Weblate's repository object: a short, git-like summary of the branch state. */
export function describeStatus(status: RepositoryStatus): string {
  const remote = status.remoteCommit ? `origin/${status.branch}` : 'no remote branch';
  const divergence = [
    status.outgoingCommits ? `ahead ${status.outgoingCommits}` : '',
    status.missingCommits ? `behind ${status.missingCommits}` : '',
  ].filter(Boolean);
  const lines = [`## ${status.branch}...${remote}${divergence.length ? ` [${divergence.join(', ')}]` : ''}`];
  if (status.needsCommit) lines.push('Uncommitted changes in the working copy.');
  return lines.join('\n');
}
