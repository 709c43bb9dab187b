import * as fs from 'node:fs';
import * as git from 'isomorphic-git';
import { DatedSignature, Signature } from './working-copy';

/** What every isomorphic-git call on one working copy needs; the cache object speeds up repeated object reads. */
export interface GitContext {
  fs: typeof fs;
  dir: string;
  gitdir: string;
  cache: object;
}

/** The object database alone: enough for operations that must not touch the index or the work tree. */
export type GitObjects = Pick<GitContext, 'fs' | 'gitdir' | 'cache'>;

export function gitContext(dir: string): GitContext {
  return { fs, dir, gitdir: `${dir}/.git`, cache: {} };
}

/** Git stores seconds and a time-zone offset; callers give a Date, stored as UTC. */
export function toGitSignature(signature: Signature) {
  const timestamp = Math.floor((signature.timestamp ?? new Date()).getTime() / 1000);
  return { name: signature.name, email: signature.email, timestamp, timezoneOffset: 0 };
}

export function fromGitSignature(signature: { name: string; email: string; timestamp: number }): DatedSignature {
  return { name: signature.name, email: signature.email, timestamp: new Date(signature.timestamp * 1000) };
}

export function isGitError(error: unknown, code: string): error is Error & { data?: Record<string, unknown> } {
  return error instanceof Error && (error as { code?: string }).code === code;
}

export async function resolveOrNull(ctx: GitObjects, ref: string): Promise<string | null> {
  try {
    return await git.resolveRef({ ...ctx, ref });
  } catch (error) {
    if (isGitError(error, 'NotFoundError')) return null;
    throw error;
  }
}

export async function treeOf(ctx: GitObjects, commit: string): Promise<string> {
  return (await git.readCommit({ ...ctx, oid: commit })).commit.tree;
}

/** Paths of the files that differ between two trees; identical subtrees are skipped without being read. */
export async function diffTrees(ctx: GitObjects, from: string, to: string): Promise<string[]> {
  const paths: (string | undefined)[] = await git.walk({
    ...ctx,
    trees: [git.TREE({ ref: from }), git.TREE({ ref: to })],
    map: async (path, [a, b]) => {
      if (path === '.') return undefined;
      if (a && b && (await a.oid()) === (await b.oid())) return null;
      const isFile = (await a?.type()) === 'blob' || (await b?.type()) === 'blob';
      return isFile && (await a?.oid()) !== (await b?.oid()) ? path : undefined;
    },
  });
  return paths.filter((path): path is string => path !== undefined);
}

/** Which of `paths` differ between HEAD, index and work tree (including untracked files at those paths). */
export async function localChanges(ctx: GitContext, paths?: string[], ignored = false): Promise<git.StatusRow[]> {
  if (paths?.length === 0) return [];
  const rows = await git.statusMatrix({ ...ctx, filepaths: paths, ignored });
  return rows.filter(([, head, workdir, stage]) => head !== 1 || workdir !== 1 || stage !== 1);
}
