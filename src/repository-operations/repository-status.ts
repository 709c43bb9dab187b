import { CommitDetails, RepositoryStatus } from '../vcs/working-copy';

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

/** Weblate's CommitInfo: a commit of the repository status (`remote_commit`, `weblate_commit`). */
export interface CommitInfoResponse {
  revision: string;
  shortrevision: string;
  author: string;
  author_name: string;
  author_email: string;
  authordate: string;
  commit: string;
  commit_name: string;
  commit_email: string;
  commitdate: string;
  message: string;
  summary: string;
}

export function serializeCommit(commit: CommitDetails): CommitInfoResponse {
  const { author, committer } = commit;
  return {
    revision: commit.revision,
    shortrevision: commit.revision.slice(0, 7),
    author: `${author.name} <${author.email}>`,
    author_name: author.name,
    author_email: author.email,
    authordate: author.timestamp.toISOString(),
    commit: `${committer.name} <${committer.email}>`,
    commit_name: committer.name,
    commit_email: committer.email,
    commitdate: committer.timestamp.toISOString(),
    message: commit.message,
    summary: commit.message.split('\n', 1)[0],
  };
}
