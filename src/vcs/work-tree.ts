import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, readdir, readFile, realpath, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, posix, relative, sep } from 'node:path';
import { VcsError } from './vcs-error';

/**
 * Why a caller-supplied path cannot name a file inside a work tree, or null when it can. Paths come from component
 * settings (file masks, templates), uploaded archives and download requests that API users control: NUL, absolute
 * paths (drive letters too), `..` segments and anything under `.git` are refused. The one rule every path check
 * uses; the messages are Weblate's where it has one.
 */
export function repositoryPathProblem(path: string): string | null {
  if (path.includes('\0')) return 'Null characters are not allowed.';
  if (/^[\\/]/.test(path) || /^[a-zA-Z]:/.test(path)) return 'The filename can not be an absolute path.';
  const segments = path.split(/[\\/]/);
  if (segments.includes('..')) return 'The filename can not contain reference to a parent directory.';
  if (segments.some((segment) => segment.toLowerCase() === '.git')) return 'The filename can not be inside the .git directory.';
  if (posix.normalize(path.replace(/\\/g, '/')) === '.') return 'The filename is empty.';
  return null;
}

/** The path normalised with forward slashes, or null when `repositoryPathProblem` refuses it. */
export function relativeRepositoryPath(path: string): string | null {
  return repositoryPathProblem(path) === null ? posix.normalize(path.replace(/\\/g, '/')) : null;
}

/** `relativeRepositoryPath`, throwing for a refused path. */
export function normalizeRelativePath(path: string): string {
  const normalized = relativeRepositoryPath(path);
  if (normalized === null) throw new VcsError('invalid_path', `Invalid path in repository: ${JSON.stringify(path)}`);
  return normalized;
}

/**
 * Absolute path of `path` inside the work tree. A repository may contain symbolic links pointing anywhere, so the
 * deepest existing ancestor is resolved and must stay inside the work tree, and the file itself must not be a link.
 */
async function resolveInsideWorkTree(workDir: string, path: string): Promise<string> {
  const absolute = join(workDir, normalizeRelativePath(path));
  const root = await realpath(workDir);
  let existing = dirname(absolute);
  for (;;) {
    try {
      existing = await realpath(existing);
      break;
    } catch {
      existing = dirname(existing);
    }
  }
  const escapes = existing !== root && !existing.startsWith(root + sep);
  const isLink = await lstat(absolute).then(
    (stats) => stats.isSymbolicLink(),
    () => false,
  );
  if (escapes) throw new VcsError('invalid_path', `Path leaves the repository: ${JSON.stringify(path)}`);
  if (isLink) throw new VcsError('invalid_path', `The file ${JSON.stringify(path)} is a symbolic link in the repository; links are not followed.`);
  return absolute;
}

/** Creates the clone target; git clones only into an empty directory, and so do we, whatever the implementation. */
export async function prepareCloneDir(workDir: string): Promise<void> {
  const entries = await readdir(workDir).catch(() => []);
  if (entries.length > 0) throw new VcsError('clone_failed', 'Cannot clone into a directory that is not empty');
  await mkdir(workDir, { recursive: true });
}

/** Undoes a failed clone, leaving the directory empty so that the clone can simply be retried. */
export async function emptyDir(workDir: string): Promise<void> {
  for (const entry of await readdir(workDir)) await rm(join(workDir, entry), { recursive: true, force: true });
}

/**
 * Files in the work tree (tracked or not, excluding `.git`) as sorted relative paths, optionally matching a glob.
 * The walk enters only the directories the glob's leading literal segments name (`c7/*.po` reads `c7` alone, not
 * the hundred other components' directories of a shared repository); links are not followed either way.
 */
export async function listWorkTreeFiles(workDir: string, glob?: string): Promise<string[]> {
  const files: string[] = [];
  const literal = glob === undefined ? [] : literalDirectories(glob);
  const walk = async (dir: string, depth: number): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name === '.git' || (depth < literal.length && entry.name !== literal[depth])) continue;
      const full = join(dir, entry.name);
      if (entry.isDirectory()) await walk(full, depth + 1);
      else files.push(relative(workDir, full).split(sep).join('/'));
    }
  };
  await walk(workDir, 0);
  const pattern = glob === undefined ? undefined : globToRegExp(glob);
  return files.filter((file) => !pattern || pattern.test(file)).sort();
}

/** The directories a glob's path starts with before its first segment with a wildcard (never its file name). */
function literalDirectories(glob: string): string[] {
  const segments = glob.split('/').slice(0, -1);
  const wild = segments.findIndex((segment) => /[*?[\\]/.test(segment));
  return wild < 0 ? segments : segments.slice(0, wild);
}

export async function readWorkTreeFile(workDir: string, path: string): Promise<Buffer> {
  const absolute = await resolveInsideWorkTree(workDir, path);
  return readFile(absolute).catch(() => {
    throw new VcsError('not_found', `File not found in the work tree: ${normalizeRelativePath(path)}`);
  });
}

/**
 * Writes the file whole or not at all: the data goes to a new file, which is then renamed over the old one, so a
 * process killed mid-write (a commit of a large file, say) leaves the old file or the new one, never half of it. The
 * new file is made inside `.git`, where git does not see it should it be left behind; it keeps the old file's mode.
 */
export async function writeWorkTreeFile(workDir: string, path: string, data: string | Uint8Array): Promise<void> {
  const absolute = await resolveInsideWorkTree(workDir, path);
  await mkdir(dirname(absolute), { recursive: true });
  const gitDir = join(workDir, '.git');
  const beside = (await stat(gitDir).then((found) => found.isDirectory(), () => false)) ? gitDir : dirname(absolute);
  const written = join(beside, `.wts-write-${randomBytes(8).toString('hex')}`);
  try {
    await writeFile(written, data);
    const previous = await stat(absolute).catch(() => null);
    if (previous) await chmod(written, previous.mode & 0o7777);
    await rename(written, absolute);
  } catch (error) {
    await rm(written, { force: true });
    throw error;
  }
}

/**
 * Removes the symbolic links among `paths`, before a checkout writes those paths anew: isomorphic-git refuses to
 * write through a link in a leading path, as git does, so a link the new tree replaces by a directory would stop
 * the checkout. A path below a link is not ours to touch (the link may point anywhere) and is left alone.
 */
export async function removeLinksAt(workDir: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    let current = workDir;
    for (const segment of normalizeRelativePath(path).split('/')) {
      current = join(current, segment);
      const stats = await lstat(current).catch(() => null);
      if (!stats) break;
      if (stats.isSymbolicLink()) {
        if (current === join(workDir, path)) await rm(current);
        break;
      }
    }
  }
}

/** Removes the directories that removing `paths` left empty, as git does; rmdir fails on the first non-empty one. */
export async function pruneEmptyParents(workDir: string, paths: string[]): Promise<void> {
  for (const path of paths) {
    for (let dir = posix.dirname(path); dir !== '.'; dir = posix.dirname(dir)) {
      const removed = await rmdir(join(workDir, dir)).then(
        () => true,
        () => false,
      );
      if (!removed) break;
    }
  }
}

/**
 * Glob syntax of file masks: `*` and `?` stay within one path segment, `**` spans segments (`**\/` also matches
 * none), `[...]` is a character class. Everything else is literal.
 */
export function globToRegExp(glob: string): RegExp {
  let source = '';
  for (let i = 0; i < glob.length; i += 1) {
    const char = glob[i];
    if (glob.startsWith('**/', i)) {
      source += '(?:.*/)?';
      i += 2;
    } else if (glob.startsWith('**', i)) {
      source += '.*';
      i += 1;
    } else if (char === '*') {
      source += '[^/]*';
    } else if (char === '?') {
      source += '[^/]';
    } else if (char === '[' && glob.indexOf(']', i + 2) > 0) {
      const end = glob.indexOf(']', i + 2);
      const body = glob
        .slice(i + 1, end)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      source += `[${body}]`;
      i = end;
    } else {
      source += char.replace(/[.+^${}()|[\\\]]/g, '\\$&');
    }
  }
  return new RegExp(`^${source}$`);
}
