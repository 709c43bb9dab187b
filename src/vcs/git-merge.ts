import * as git from 'isomorphic-git';
import { GitContext, GitObjects, isGitError, toGitSignature, treeOf } from './git-context';
import { MergeOptions, MergeStyle } from './working-copy';

export type Integration = { oid: string } | { conflicts: string[]; message: string };

type GitSignature = ReturnType<typeof toGitSignature>;

/**
 * Computes the commit that integrating `theirs` into `ours` produces, writing objects but never refs, index or
 * work tree, so the caller can refuse it (conflict, local changes) without anything to undo. Conflicts are
 * detected per line by isomorphic-git's three-way merge (no rename detection, no recursive strategy).
 */
export async function integrate(
  ctx: GitContext,
  style: MergeStyle,
  ours: string,
  theirs: string,
  options: MergeOptions,
): Promise<Integration> {
  // Only the object database is needed: without `dir`, isomorphic-git cannot write conflict markers to files.
  const objects: GitObjects = { fs: ctx.fs, gitdir: ctx.gitdir, cache: ctx.cache };
  const signature = toGitSignature(options.author);
  try {
    if (style === 'rebase') return await rebase(objects, ours, theirs, signature);
    const result = await git.merge({
      ...objects,
      ours,
      theirs,
      fastForward: style === 'merge',
      noUpdateBranch: true,
      abortOnConflict: true,
      message: options.message,
      author: signature,
      committer: signature,
    });
    return { oid: result.oid as string };
  } catch (error) {
    if (isGitError(error, 'MergeConflictError')) {
      const conflicts = (error.data?.filepaths as string[]) ?? [];
      return { conflicts, message: `Merge conflict in ${conflicts.join(', ')}` };
    }
    if (isGitError(error, 'MergeNotSupportedError')) {
      return { conflicts: [], message: 'Cannot merge: the branches have no single merge base (criss-cross history)' };
    }
    throw error;
  }
}

/**
 * `git rebase` for a linear series of local commits: each is re-applied on top of the remote head with a
 * three-way merge against its own parent (a cherry-pick), keeping its author and message; commits whose changes
 * the remote already has are dropped. Local merge commits are refused rather than flattened.
 */
async function rebase(
  objects: GitObjects,
  ours: string,
  theirs: string,
  committer: GitSignature,
): Promise<Integration> {
  const bases = await git.findMergeBase({ ...objects, oids: [ours, theirs] });
  if (bases.length !== 1) {
    return { conflicts: [], message: 'Cannot rebase: the branches have no single merge base' };
  }
  const local: git.ReadCommitResult[] = [];
  for (let oid = ours; oid !== bases[0];) {
    const entry = await git.readCommit({ ...objects, oid });
    if (entry.commit.parent.length !== 1) {
      return { conflicts: [], message: 'Cannot rebase local merge commits; use the merge style' };
    }
    local.unshift(entry);
    oid = entry.commit.parent[0];
  }

  let tip = theirs;
  for (const { oid, commit } of local) {
    const tipTree = await treeOf(objects, tip);
    const tree = await pickTree(objects, oid, commit, tipTree, committer);
    if (typeof tree !== 'string') return tree;
    if (tree === tipTree) continue;
    tip = await git.writeCommit({
      ...objects,
      commit: { tree, parent: [tip], author: commit.author, committer, message: commit.message },
    });
  }
  return { oid: tip };
}

/**
 * The tree of `picked` applied onto `tipTree`. git.merge always uses the merge base of its inputs, so it is fed a
 * stand-in commit holding `tipTree` whose parent is the picked commit's parent: that parent becomes the base, which
 * is exactly a cherry-pick. The stand-in and the throw-away merge commit stay unreachable until `git gc`.
 */
export async function pickTree(
  objects: GitObjects,
  oid: string,
  picked: git.CommitObject,
  tipTree: string,
  committer: GitSignature,
): Promise<string | { conflicts: string[]; message: string }> {
  const standIn = await git.writeCommit({
    ...objects,
    commit: { tree: tipTree, parent: picked.parent, author: committer, committer, message: 'rebase stand-in\n' },
  });
  try {
    const result = await git.merge({
      ...objects,
      ours: standIn,
      theirs: oid,
      fastForward: false,
      noUpdateBranch: true,
      abortOnConflict: true,
      message: 'rebase pick\n',
      author: committer,
      committer,
    });
    return result.tree as string;
  } catch (error) {
    if (!isGitError(error, 'MergeConflictError')) throw error;
    const conflicts = (error.data?.filepaths as string[]) ?? [];
    const subject = picked.message.split('\n', 1)[0];
    return {
      conflicts,
      message: `Could not apply ${oid.slice(0, 7)} (${subject}): conflict in ${conflicts.join(', ')}`,
    };
  }
}
