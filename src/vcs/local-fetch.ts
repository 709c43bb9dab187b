import * as git from 'isomorphic-git';
import { GitObjects, isGitError, resolveOrNull } from './git-context';
import { VcsError } from './vcs-error';

interface RawObject {
  oid: string;
  type: 'blob' | 'commit' | 'tree' | 'tag';
  object: Uint8Array;
}

/**
 * What a fetch of `ref` would bring, taken from another clone of the same repository on this machine: `ref`
 * (a remote-tracking branch) is set to the source's, and the objects it reaches that the target lacks are copied.
 * An object the target has is taken as having everything it reaches (as a fetch leaves a repository), so only the
 * new commits, and their trees and files that changed, are read. The ref is written last, so an interruption leaves
 * the target as it was but for unreferenced objects.
 */
export async function fetchFromClone(source: GitObjects, target: GitObjects, ref: string): Promise<void> {
  const tip = await resolveOrNull(source, ref);
  if (!tip) throw new VcsError('not_found', `Unknown revision ${ref.replace(/^refs\/remotes\//, '')} in the working copy fetched from`);
  // Depth first, each object written once everything it names is: an object in the target is always complete.
  const seen = new Set<string>();
  const pending: (string | RawObject)[] = [tip];
  while (pending.length > 0) {
    const next = pending.pop()!;
    if (typeof next !== 'string') {
      await git.writeObject({ ...target, oid: next.oid, type: next.type, object: next.object, format: 'content' });
      continue;
    }
    if (seen.has(next) || (await hasObject(target, next))) continue;
    seen.add(next);
    const raw = (await git.readObject({ ...source, oid: next, format: 'content' })) as RawObject;
    pending.push(raw, ...(await referencedBy(source, raw)));
  }
  await git.writeRef({ ...target, ref, value: tip, force: true });
}

async function referencedBy(objects: GitObjects, { oid, type }: RawObject): Promise<string[]> {
  if (type === 'commit') {
    const { commit } = await git.readCommit({ ...objects, oid });
    return [commit.tree, ...commit.parent];
  }
  if (type === 'tree') {
    // Submodule entries (`commit`) name commits of another repository.
    return (await git.readTree({ ...objects, oid })).tree.filter((entry) => entry.type !== 'commit').map((entry) => entry.oid);
  }
  if (type === 'tag') return [(await git.readTag({ ...objects, oid })).tag.object];
  return [];
}

async function hasObject(objects: GitObjects, oid: string): Promise<boolean> {
  try {
    await git.readObject({ ...objects, oid, format: 'deflated' });
    return true;
  } catch (error) {
    if (isGitError(error, 'NotFoundError')) return false;
    throw error;
  }
}
