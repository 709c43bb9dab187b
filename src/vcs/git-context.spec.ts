import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gitFs } from './git-context';

describe('gitFs', () => {
  const readFile = gitFs.promises.readFile as (...args: unknown[]) => Promise<unknown>;

  it('reads a file as node:fs does, with or without an encoding', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'git-fs-')), 'HEAD');
    await writeFile(path, 'ref: refs/heads/main\n');
    expect(await readFile(path, { encoding: 'utf8' })).toBe('ref: refs/heads/main\n');
    expect(Buffer.isBuffer(await readFile(path))).toBe(true);
    await expect(readFile(join(path, '..', 'missing'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects a read without a path, as node:fs does', async () => {
    await expect(readFile()).rejects.toMatchObject({ code: 'ERR_INVALID_ARG_TYPE' });
  });
});
