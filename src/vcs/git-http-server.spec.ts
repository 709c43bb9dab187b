import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { GitHttpServer, startGitHttpServer, UPSTREAM_AUTHOR } from '../../test/support/git-http-server';

const run = promisify(execFile);

describe('startGitHttpServer (test support)', () => {
  let server: GitHttpServer;
  let work: string;

  beforeAll(async () => {
    server = await startGitHttpServer();
    work = await mkdtemp(join(tmpdir(), 'git-http-spec-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(work, { recursive: true, force: true });
  });

  it('serves clone and push to the git CLI', async () => {
    const url = await server.createBareRepo('cli.git', { 'a.txt': 'one\n', 'dir/b.txt': 'two\n' });
    const dir = join(work, 'cli');
    await run('git', ['clone', '--quiet', url, dir]);
    expect(await readFile(join(dir, 'dir/b.txt'), 'utf8')).toBe('two\n');

    await writeFile(join(dir, 'a.txt'), 'changed\n');
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'A',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'A',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    };
    await run('git', ['-C', dir, 'commit', '--quiet', '-am', 'Change a'], { env });
    await run('git', ['-C', dir, 'push', '--quiet', 'origin', 'main'], { env });

    expect(await server.readFile('cli.git', 'a.txt')).toBe('changed\n');
    const log = await server.log('cli.git');
    expect(log.map((c) => c.message)).toEqual(['Change a', 'Initial commit']);
    expect(log[1]).toMatchObject({ authorName: UPSTREAM_AUTHOR.name, authorEmail: UPSTREAM_AUTHOR.email });
  });

  it('commits upstream changes, including deletions', async () => {
    await server.createBareRepo('upstream.git', { 'a.txt': 'one\n', 'b.txt': 'two\n' });
    const sha = await server.commitToBare('upstream.git', { 'a.txt': null, 'c/d.txt': 'three\n' }, 'Upstream change');
    expect((await server.log('upstream.git'))[0]).toMatchObject({ sha, message: 'Upstream change' });
    await expect(server.readFile('upstream.git', 'a.txt')).rejects.toThrow();
    expect(await server.readFile('upstream.git', 'c/d.txt')).toBe('three\n');
  });

  it('accepts gzip-compressed request bodies, as the git CLI sends them', async () => {
    await server.createBareRepo('gzip.git', { 'a.txt': 'a' });
    const [{ sha }] = await server.log('gzip.git');
    const request = `0032want ${sha}\n00000009done\n`;
    const response = await fetch(`${server.url}/gzip.git/git-upload-pack`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-git-upload-pack-request', 'content-encoding': 'gzip' },
      body: gzipSync(request),
    });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).includes('PACK')).toBe(true);
  });

  it('answers 401 with a challenge when basic auth is required and missing or wrong', async () => {
    const secured = await startGitHttpServer({ auth: { username: 'bot', password: 's3cret' } });
    try {
      await secured.createBareRepo('private.git', { 'a.txt': 'x' });
      const anonymous = await fetch(`${secured.url}/private.git/info/refs?service=git-upload-pack`);
      expect(anonymous.status).toBe(401);
      expect(anonymous.headers.get('www-authenticate')).toMatch(/^Basic /);
      const wrong = await fetch(`${secured.url}/private.git/info/refs?service=git-upload-pack`, {
        headers: { authorization: `Basic ${Buffer.from('bot:nope').toString('base64')}` },
      });
      expect(wrong.status).toBe(401);
      const right = await fetch(`${secured.url}/private.git/info/refs?service=git-upload-pack`, {
        headers: { authorization: `Basic ${Buffer.from('bot:s3cret').toString('base64')}` },
      });
      expect(right.status).toBe(200);
      expect(right.headers.get('content-type')).toBe('application/x-git-upload-pack-advertisement');
    } finally {
      await secured.close();
    }
  });
});
