import * as git from 'isomorphic-git';
import { mkdir } from 'node:fs/promises';
import { gitFs } from './git-context';
import { GitWorkingCopy } from './git-working-copy';

/**
 * A repository without a remote, for components made from uploaded files: history and commits work as
 * for cloned ones, while fetch, merge and push have nothing to talk to.
 */
export async function initLocalWorkingCopy(workDir: string, branch = 'main'): Promise<GitWorkingCopy> {
  await mkdir(workDir, { recursive: true });
  await git.init({ fs: gitFs, dir: workDir, defaultBranch: branch });
  return new GitWorkingCopy(workDir);
}
