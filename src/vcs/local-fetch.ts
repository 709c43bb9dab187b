import * as git from 'isomorphic-git';
import { eachAtMost } from '../concurrency/each-at-most';
import { GitObjects, isGitError, resolveOrNull } from './git-context';
import { ObjectType, wrapObject, writeLooseObject } from './loose-object';
import { VcsError } from './vcs-error';

interface RawObject {
  oid: string;
  type: ObjectType;
  object: Uint8Array;
}

/**
 * Objects read, checked or written at once: each is a few file operations on the thread pool, and one after the
 * other they kept a working copy taking a push of 100 files from another waiting 1–3 s on its disk.
 */
const AT_ONCE = 16;

/**
 * What a fetch of `ref` would bring, taken from another clone of the same repository on this machine: `ref`
 * (a remote-tracking branch) is set to the source's, and the objects it reaches that the target lacks are copied.
 * An object the target has is taken as having everything it reaches (as a fetch leaves a repository), so only the
 * new commits, and their trees and files that changed, are read. An object is written only once everything it names
 * is, and the ref last, so an interruption leaves the target as it was but for unreferenced objects.
 */
export async function fetchFromClone(source: GitObjects, target: GitObjects, ref: string): Promise<void> {
  const tip = await resolveOrNull(source, ref);
  if (!tip) throw new VcsError('not_found', `Unknown revision ${ref.replace(/^refs\/remotes\//, '')} in the working copy fetched from`);
  const naming = await copyLeaves(source, target, tip);
  // The objects that name others (trees, commits, tags), by height: each after all it names.
  for (const objects of byHeight(naming)) await eachAtMost(objects, AT_ONCE, (raw) => write(target, raw));
  await git.writeRef({ ...target, ref, value: tip, force: true });
}

interface Naming {
  raw: RawObject;
  names: string[];
}

/**
 * Walks what `tip` reaches level by level, skipping what the target has; objects that name nothing (files) are
 * written as they are found, the others returned with the objects they name.
 */
async function copyLeaves(source: GitObjects, target: GitObjects, tip: string): Promise<Map<string, Naming>> {
  const naming = new Map<string, Naming>();
  const seen = new Set([tip]);
  for (let level = [tip]; level.length > 0; ) {
    const next: string[] = [];
    await eachAtMost(level, AT_ONCE, async (oid) => {
      if (await hasObject(target, oid)) return;
      const raw = (await git.readObject({ ...source, oid, format: 'content' })) as RawObject;
      const names = await referencedBy(source, raw);
      if (names.length === 0) return write(target, raw);
      naming.set(oid, { raw, names });
      for (const name of names) {
        if (seen.has(name)) continue;
        seen.add(name);
        next.push(name);
      }
    });
    level = next;
  }
  return naming;
}

/**
 * Groups the objects by height: 1 for those naming only objects the target has, else one more than the highest
 * they name. Found depth first without recursion (a fetch may bring a long chain of commits).
 */
function byHeight(naming: Map<string, Naming>): RawObject[][] {
  const heights = new Map<string, number>();
  const heightOf = (name: string) => heights.get(name) ?? (naming.has(name) ? undefined : 0);
  for (const start of naming.keys()) {
    const stack = [start];
    while (stack.length > 0) {
      const oid = stack[stack.length - 1];
      const { names } = naming.get(oid)!;
      const unknown = names.filter((name) => heightOf(name) === undefined);
      if (unknown.length > 0) {
        for (const name of unknown) stack.push(name);
        continue;
      }
      stack.pop();
      heights.set(oid, names.reduce((height, name) => Math.max(height, heightOf(name)! + 1), 1));
    }
  }
  const groups: RawObject[][] = [];
  for (const [oid, { raw }] of naming) (groups[heights.get(oid)! - 1] ??= []).push(raw);
  return groups.filter((group) => group !== undefined);
}

function write(target: GitObjects, { oid, type, object }: RawObject): Promise<void> {
  return writeLooseObject(target.gitdir, oid, wrapObject(type, object));
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
