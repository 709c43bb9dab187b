import { createHash, randomBytes } from 'node:crypto';
import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);

export type ObjectType = 'blob' | 'tree' | 'commit' | 'tag';

/** An object as git hashes and stores it: its type and size, a NUL, its content. */
export function wrapObject(type: ObjectType, content: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${type} ${content.length}\0`), content]);
}

export function objectId(wrapped: Buffer): string {
  return createHash('sha1').update(wrapped).digest('hex');
}

/**
 * Stores a wrapped object as git itself writes loose objects: zlib at level 1 (git's `core.looseCompression`
 * default), on the thread pool. isomorphic-git deflates at zlib's default level through web streams, several times
 * slower. Objects never change: one already stored under its id is this one. Written whole or not at all.
 */
export async function writeLooseObject(gitdir: string, oid: string, wrapped: Buffer): Promise<void> {
  const directory = join(gitdir, 'objects', oid.slice(0, 2));
  const path = join(directory, oid.slice(2));
  if (await exists(path)) return;
  await mkdir(directory, { recursive: true });
  // git's own prefix for objects being written: its gc removes those a crash left behind.
  const temporary = join(directory, `tmp_obj_${randomBytes(6).toString('hex')}`);
  await writeFile(temporary, await deflateAsync(wrapped, { level: 1 }));
  await rename(temporary, path);
}

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}
