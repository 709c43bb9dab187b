import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitHttpServer, startGitHttpServer } from '../../test/support/git-http-server';
import { GitWorkingCopy } from './git-working-copy';
import { Credentials } from './working-copy';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { VcsError } from './vcs-error';

const IMPLEMENTATIONS = [GitWorkingCopy, SystemGitWorkingCopy].map(
  (implementation) => [implementation.name, implementation] as const,
);

const USER = { username: 'weblate-bot', password: 'pa$$ w@rd:42' };
const JANE = { name: 'Jane Translator', email: 'jane@example.com' };

/** Credential handling both WorkingCopy implementations share, against a git HTTP server requiring basic auth. */
describe.each(IMPLEMENTATIONS)('%s with HTTP authentication (repository contract)', (_name, Implementation) => {
  const create = (workDir: string, options?: { credentials?: Credentials }) => new Implementation(workDir, options);
  let server: GitHttpServer;
  let tmp: string;
  let url: string;

  beforeAll(async () => {
    server = await startGitHttpServer({ auth: USER });
    tmp = await mkdtemp(join(tmpdir(), 'git-auth-spec-'));
    url = await server.createBareRepo('private.git', { 'po/de.po': 'de' });
  });
  afterAll(async () => {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  const withUserInfo = (password: string) =>
    url.replace('http://', `http://${USER.username}:${encodeURIComponent(password)}@`);

  async function failure(promise: Promise<unknown>): Promise<VcsError> {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(VcsError);
    return error as VcsError;
  }

  it('uses credentials from the clone URL without storing them', async () => {
    const dir = join(tmp, 'from-url');
    const repo = create(dir);
    await repo.clone(withUserInfo(USER.password), 'main');

    expect(await repo.remoteUrl()).toBe(url);
    expect(await readFile(join(dir, '.git/config'), 'utf8')).not.toContain(encodeURIComponent(USER.password));
    await repo.writeFile('po/de.po', 'changed');
    await repo.commit(['po/de.po'], { message: 'Update', author: JANE });
    await repo.push();
    expect(await server.readFile('private.git', 'po/de.po')).toBe('changed');
  });

  it('needs the credentials again in a later instance', async () => {
    const dir = join(tmp, 'later');
    await create(dir, { credentials: USER }).clone(url, 'main');

    await expect(create(dir, { credentials: USER }).fetch()).resolves.toBeUndefined();
    expect((await failure(create(dir).fetch())).code).toBe('auth_failed');
  });

  it('reports a wrong password as auth_failed without repeating it', async () => {
    const wrong = 'not-the-password-1234';
    const fromUrl = await failure(create(join(tmp, 'wrong-url')).clone(withUserInfo(wrong), 'main'));
    const fromOptions = await failure(
      create(join(tmp, 'wrong-options')).clone(url, 'main', { credentials: { ...USER, password: wrong } }),
    );

    for (const error of [fromUrl, fromOptions]) {
      expect(error.code).toBe('auth_failed');
      expect(error.message).toContain(url);
      expect(error.message).not.toContain(wrong);
      expect(error.message).not.toContain(USER.username);
    }
  });

  it('reports missing credentials as auth_failed', async () => {
    expect((await failure(create(join(tmp, 'anonymous')).clone(url, 'main'))).code).toBe('auth_failed');
  });
});
