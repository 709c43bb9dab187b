import { promises } from 'node:fs';
import * as git from 'isomorphic-git';
import type { PromiseFsClient } from 'isomorphic-git';
import { DatedSignature, Signature } from './working-copy';

/** How node:fs answers a readFile without a path, built once: see gitFs. */
const NO_PATH = Object.assign(new TypeError('The "path" argument must be given'), { code: 'ERR_INVALID_ARG_TYPE' });

/**
 * The file system every isomorphic-git call is given: node:fs's promises. isomorphic-git wraps it anew on each call
 * and probes it twice by calling readFile without a path; node:fs answers with an error whose stack it captures, a
 * fifth of the main thread's time while a working copy took another's objects after a push. The probe is answered
 * here with one error made once; every call with a path is node's.
 */
export const gitFs: PromiseFsClient = {
  promises: {
    ...promises,
    readFile: (...args: unknown[]) => (args.length === 0 ? Promise.reject(NO_PATH) : (promises.readFile as (...given: unknown[]) => Promise<unknown>)(...args)),
  },
};

/** What every isomorphic-git call on one working copy needs; the cache object speeds up repeated object reads. */
export interface GitContext {
  fs: PromiseFsClient;
  dir: string;
  gitdir: string;
  cache: object;
}

/** The object database alone: enough for operations that must not touch the index or the work tree. */
export type GitObjects = Pick<GitContext, 'fs' | 'gitdir' | 'cache'>;

export function gitContext(dir: string): GitContext {
  return { fs: gitFs, dir, gitdir: `${dir}/.git`, cache: {} };
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
