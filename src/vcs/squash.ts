import * as git from 'isomorphic-git';
import { outgoingCommits } from './commit-graph';
import { diffTrees, GitObjects, toGitSignature, treeOf } from './git-context';
import { pickTree } from './git-merge';
import { squashMessage } from './squash-message';
import { VcsError } from './vcs-error';
import type { SquashOptions } from './working-copy';

interface Outgoing {
  oid: string;
  commit: git.CommitObject;
  /** Files the commit changes against its first parent; none for a merge commit. */
  files: string[];
}

type Plan = Required<Pick<SquashOptions, 'author'>> & SquashOptions;

/**
 * Rewrites the commits `head` has over `remote` as SquashOptions.grouping says and returns the new head, whose tree
 * is `head`'s. Only objects are read and written (never refs, index or work tree), so a failure changes nothing
 * and both WorkingCopy implementations share this: isomorphic-git's objects are any git repository's.
 */
export async function squashCommits(objects: GitObjects, head: string, remote: string, options: SquashOptions): Promise<string> {
  if (head !== remote && !(await git.isDescendent({ ...objects, oid: head, ancestor: remote, depth: -1 }))) {
    throw new VcsError('not_found', 'HEAD does not contain the remote branch: update before squashing');
  }
  const outgoing = await listOutgoing(objects, head, remote);
  const headTree = await treeOf(objects, head);
  const grouping = options.grouping ?? { by: 'all' };
  if (grouping.by === 'all') {
    return writeCommit(objects, headTree, remote, squashMessage(outgoing.map(squashed), options), options.author, options);
  }
  if (grouping.by === 'paths') return byPaths(objects, outgoing, remote, headTree, grouping, options);
  const tip = await byAuthor(objects, outgoing, remote, options);
  // Commits picked in another order could in theory merge to other contents: then nothing is changed.
  if ((await treeOf(objects, tip)) !== headTree) throw new VcsError('merge_failed', 'Squashing by author would change the files; nothing was squashed');
  return tip;
}

/**
 * One commit per group of paths, in order, holding what the outgoing commits changed there, with the messages of
 * the commits that touched them; changes to paths of no group (files add-ons wrote, removed translations) follow
 * in one last commit with `remainderMessage`. Weblate's `language` and `file` modes.
 */
async function byPaths(
  objects: GitObjects,
  outgoing: Outgoing[],
  remote: string,
  headTree: string,
  grouping: { groups: string[][]; remainderMessage: string },
  options: Plan,
): Promise<string> {
  let tip = remote;
  const changed = new Set(await diffTrees(objects, await treeOf(objects, remote), headTree));
  for (const group of grouping.groups) {
    const paths = group.filter((path) => changed.has(path));
    if (paths.length === 0) continue;
    const touching = outgoing.filter((entry) => entry.files.some((file) => paths.includes(file)));
    const tree = await withPaths(objects, await treeOf(objects, tip), headTree, paths);
    tip = await writeCommit(objects, tree, tip, squashMessage(touching.map(squashed), options), options.author, options);
    paths.forEach((path) => changed.delete(path));
  }
  if (changed.size > 0) tip = await writeCommit(objects, headTree, tip, grouping.remainderMessage, options.author, options);
  return tip;
}

/**
 * Weblate's `author` mode: oldest first, each author's commits are cherry-picked together onto the new branch, up
 * to the first of theirs that does not apply without the commits of others between (that one starts a later
 * group), and squashed into one commit authored by them. Merge commits are left out, as `git log --no-merges`.
 */
async function byAuthor(objects: GitObjects, outgoing: Outgoing[], remote: string, options: Plan): Promise<string> {
  const committer = toGitSignature(options.committer ?? options.author);
  const pending = outgoing.filter((entry) => entry.commit.parent.length === 1).reverse();
  let tip = remote;
  for (let first = pending.shift(); first; first = pending.shift()) {
    let tree = await pickTree(objects, first.oid, first.commit, await treeOf(objects, tip), committer);
    if (typeof tree !== 'string') throw new VcsError('merge_failed', tree.message);
    const picked = [first];
    for (const other of pending.filter((entry) => entry.commit.author.email === first.commit.author.email)) {
      const next = await pickTree(objects, other.oid, other.commit, tree, committer);
      if (typeof next !== 'string') break;
      tree = next;
      picked.push(other);
      pending.splice(pending.indexOf(other), 1);
    }
    const newest = picked[picked.length - 1].commit.author;
    const author = { name: newest.name, email: newest.email, timestamp: (options.committer ?? options.author).timestamp };
    tip = await writeCommit(objects, tree, tip, squashMessage(picked.reverse().map(squashed), options), author, options);
  }
  return tip;
}

async function listOutgoing(objects: GitObjects, head: string, remote: string): Promise<Outgoing[]> {
  const readNode = async (oid: string) => {
    const { commit } = await git.readCommit({ ...objects, oid });
    return { parents: commit.parent, time: commit.committer.timestamp };
  };
  const entries: Outgoing[] = [];
  for (const oid of await outgoingCommits(readNode, head, remote)) {
    const { commit } = await git.readCommit({ ...objects, oid });
    const files = commit.parent.length === 1 ? await diffTrees(objects, await treeOf(objects, commit.parent[0]), commit.tree) : [];
    entries.push({ oid, commit, files });
  }
  return entries;
}

const squashed = ({ commit }: Outgoing) => ({ message: commit.message, author: commit.author });

function writeCommit(
  objects: GitObjects,
  tree: string,
  parent: string,
  message: string,
  author: SquashOptions['author'],
  options: Plan,
): Promise<string> {
  return git.writeCommit({
    ...objects,
    commit: {
      tree,
      parent: [parent],
      message: message.endsWith('\n') ? message : `${message}\n`,
      author: toGitSignature(author),
      committer: toGitSignature(options.committer ?? options.author),
    },
  });
}

/** `base` with the files at `paths` as `source` has them (or without them where `source` has none). */
async function withPaths(objects: GitObjects, base: string, source: string, paths: string[]): Promise<string> {
  const entries = new Map((await git.readTree({ ...objects, oid: base })).tree.map((entry) => [entry.path, entry]));
  const sourceEntries = new Map((await git.readTree({ ...objects, oid: source })).tree.map((entry) => [entry.path, entry]));
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const [name, ...rest] = path.split('/');
    byName.set(name, [...(byName.get(name) ?? []), rest.join('/')]);
  }
  for (const [name, below] of byName) {
    const from = sourceEntries.get(name);
    const into = entries.get(name);
    if (below.includes('')) {
      if (from) entries.set(name, from);
      else entries.delete(name);
      continue;
    }
    const subtree = await withPaths(objects, into?.type === 'tree' ? into.oid : await emptyTree(objects), from?.type === 'tree' ? from.oid : await emptyTree(objects), below);
    const isEmpty = (await git.readTree({ ...objects, oid: subtree })).tree.length === 0;
    if (isEmpty) entries.delete(name);
    else entries.set(name, { mode: '040000', path: name, oid: subtree, type: 'tree' });
  }
  return git.writeTree({ ...objects, tree: [...entries.values()] });
}

function emptyTree(objects: GitObjects): Promise<string> {
  return git.writeTree({ ...objects, tree: [] });
}
