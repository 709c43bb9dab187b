import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as git from 'isomorphic-git';
import { gitContext, localChanges } from './git-context';
import { stageFile } from './stage-file';

const run = promisify(execFile);
/** The git binary's view of the repository: what a clone, a push or an admin would see. */
const gitCli = async (dir: string, ...args: string[]) => (await run('git', args, { cwd: dir })).stdout;

describe('stageFile', () => {
  let dir: string;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'stage-file-spec-'));
    await git.init({ ...gitContext(dir), defaultBranch: 'main' });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const commit = (message: string) => git.commit({ ...gitContext(dir), message, author: { name: 'a', email: 'a@example.com' } });

  it('stores blobs git reads back, with the modes git gives, and a clean status after the commit', async () => {
    const large = Array.from({ length: 20_000 }, (_, i) => `msgid "string ${i}"\nmsgstr "řetězec ${i}"\n\n`).join('');
    await writeFile(join(dir, 'cs.po'), large);
    await writeFile(join(dir, 'run.sh'), '#!/bin/sh\n');
    await chmod(join(dir, 'run.sh'), 0o755);
    const ctx = gitContext(dir);
    await stageFile(ctx, 'cs.po');
    await stageFile(ctx, 'run.sh');
    await commit('first');

    await gitCli(dir, 'fsck', '--strict');
    expect(await gitCli(dir, 'show', 'HEAD:cs.po')).toBe(large);
    expect(await gitCli(dir, 'ls-files', '-s')).toMatch(/^100644 \S+ 0\tcs\.po\n100755 \S+ 0\trun\.sh\n$/);
    expect(await localChanges(ctx)).toEqual([]);
    expect(await gitCli(dir, 'status', '--porcelain')).toBe('');
  });

  it('stages a changed file again, and a file whose blob is already stored', async () => {
    const ctx = gitContext(dir);
    await writeFile(join(dir, 'a.txt'), 'one\n');
    await stageFile(ctx, 'a.txt');
    await commit('one');
    await writeFile(join(dir, 'a.txt'), 'two\n');
    await writeFile(join(dir, 'b.txt'), 'one\n');
    await stageFile(ctx, 'a.txt');
    await stageFile(ctx, 'b.txt');
    await commit('two');

    expect(await gitCli(dir, 'show', 'HEAD:a.txt', 'HEAD:b.txt')).toBe('two\none\n');
    expect(await gitCli(dir, 'diff', '--name-only', 'HEAD~1', 'HEAD')).toBe('a.txt\nb.txt\n');
    expect(await localChanges(ctx)).toEqual([]);
  });

  it('converts line endings as isomorphic-git does when the working copy asks for it', async () => {
    const ctx = gitContext(dir);
    await git.setConfig({ ...ctx, path: 'core.autocrlf', value: 'true' });
    await writeFile(join(dir, 'a.txt'), 'one\r\ntwo\r\n');
    await stageFile(ctx, 'a.txt');
    await commit('crlf');

    expect(await gitCli(dir, 'cat-file', 'blob', 'HEAD:a.txt')).toBe('one\ntwo\n');
  });
});
