import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import * as git from 'isomorphic-git';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitHttpServer, startGitHttpServer } from '../../test/support/git-http-server';
import { GitWorkingCopy } from './git-working-copy';

// The behaviour shared with SystemGitWorkingCopy is specified in working-copy.spec.ts and working-copy-auth.spec.ts.

describe('GitWorkingCopy', () => {
  let server: GitHttpServer;
  let tmp: string;

  beforeAll(async () => {
    server = await startGitHttpServer();
    tmp = await mkdtemp(join(tmpdir(), 'git-working-copy-spec-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  it('does not follow redirects, which could lead to hosts the URL policy refused', async () => {
    const target = await server.createBareRepo('redirect-target.git', { 'a.txt': 'a' });
    const redirector: Server = createServer((req, res) =>
      res.writeHead(302, { Location: `${target}${req.url?.replace(/^\/moved/, '')}` }).end(),
    );
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/moved`;
      await expect(new GitWorkingCopy(join(tmp, 'redirected')).clone(url, 'main')).rejects.toMatchObject({
        code: 'clone_failed',
        message: expect.stringContaining('redirects (HTTP 302)'),
      });
    } finally {
      redirector.close();
    }
  });

  it('checks the address connected to when private hosts are blocked, against DNS rebinding', async () => {
    const url = (await server.createBareRepo('guarded.git', { 'a.txt': 'a' })).replace('127.0.0.1', 'localhost');

    await expect(
      new GitWorkingCopy(join(tmp, 'guarded'), { blockPrivateHosts: true }).clone(url, 'main'),
    ).rejects.toMatchObject({
      code: 'clone_failed',
      message: expect.stringContaining('localhost resolves to a non-public address'),
    });
    await expect(new GitWorkingCopy(join(tmp, 'unguarded')).clone(url, 'main')).resolves.toBeUndefined();
  });

  it('puts the branch back when the files of a merge cannot be written, so the next pull tries again', async () => {
    const url = await server.createBareRepo('unwritable.git', { 'po/de.po': 'de' });
    const repo = new GitWorkingCopy(join(tmp, 'unwritable'));
    await repo.clone(url, 'main');
    const before = (await repo.status()).headCommit;
    await server.commitToBare('unwritable.git', { 'po/de.po': 'de 2', 'po/cs.po': 'cs' }, 'Upstream');
    await repo.fetch();

    const checkout = jest.spyOn(git, 'checkout').mockRejectedValueOnce(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
    try {
      await expect(repo.merge('merge', { author: { name: 'Bot', email: 'bot@example.com' } })).rejects.toMatchObject({
        code: 'merge_failed', message: expect.stringContaining('no space left'),
      });
    } finally {
      checkout.mockRestore();
    }
    expect(await repo.status()).toMatchObject({ headCommit: before, needsMerge: true, needsCommit: false, missingCommits: 1 });
    expect(await readFile(join(repo.workDir, 'po', 'de.po'), 'utf8')).toBe('de');

    await expect(repo.merge('merge', { author: { name: 'Bot', email: 'bot@example.com' } })).resolves.toEqual({ ok: true, changedFiles: ['po/cs.po', 'po/de.po'] });
    expect(await readFile(join(repo.workDir, 'po', 'de.po'), 'utf8')).toBe('de 2');
    expect(await repo.status()).toMatchObject({ needsMerge: false, needsCommit: false });
  });

  it('refuses to rebase local merge commits instead of flattening them', async () => {
    const url = await server.createBareRepo('rebase-merges.git', { 'a.txt': 'a', 'b.txt': 'b' });
    const repo = new GitWorkingCopy(join(tmp, 'rebase-merges'));
    const author = { name: 'Jane', email: 'jane@example.com' };
    await repo.clone(url, 'main');
    await repo.writeFile('a.txt', 'local');
    await repo.commit(['a.txt'], { message: 'Local', author });
    await server.commitToBare('rebase-merges.git', { 'b.txt': 'upstream 1' }, 'Upstream 1');
    await repo.fetch();
    await repo.merge('merge', { author });
    await server.commitToBare('rebase-merges.git', { 'c.txt': 'upstream 2' }, 'Upstream 2');
    await repo.fetch();

    const result = await repo.merge('rebase', { author });

    expect(result).toEqual({ ok: false, conflicts: [], message: expect.stringContaining('merge commits') });
  });
});
