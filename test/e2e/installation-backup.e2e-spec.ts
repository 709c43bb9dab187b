import JSZip from 'jszip';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'supertest';
import { InstallationBackupService } from '../../src/cli/installation-backup/installation-backup.service';
import { migrateAndSeed } from '../../src/database/migrate';
import { WorkingCopyLocks } from '../../src/working-copies/working-copy-locks';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';
import { binaryBody } from '../support/binary-body';

const GIT_ENV = { VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' };
const PO = (language: string, translated = '') =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr "${translated}"\n\nmsgid "Bye"\nmsgstr ""\n`;
/** A 1×1 transparent GIF. */
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

function backups(t: TestApp): InstallationBackupService {
  return new InstallationBackupService(t.config, t.dataSource, t.app.get(WorkingCopyLocks));
}

/**
 * `cli backup` and `cli restore` (through the service they wrap): an installation with components from a ZIP and
 * from git, edits, pending changes and a screenshot, backed up while it runs, restored into another database schema
 * and DATA_DIR, answers the API exactly as the original did — objects, statistics, changes, units and files.
 */
describe('installation backup and restore', () => {
  let source: TestApp;
  let restored: TestApp | undefined;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let scratch: string;

  beforeAll(async () => {
    [source, git] = await Promise.all([createTestApp(GIT_ENV), startGitHttpServer()]);
    admin = await createUser(source, { isSuperuser: true });
    scratch = await mkdtemp(join(tmpdir(), 'wts-backup-test-'));
  });

  afterAll(async () => {
    await restored?.close();
    await source.close();
    await git.close();
    await rm(scratch, { recursive: true, force: true });
  });

  const api = (t: TestApp) => ({
    get: (path: string) => t.http().get(path).set('Authorization', admin.auth),
    post: (path: string) => t.http().post(path).set('Authorization', admin.auth),
    patch: (path: string) => t.http().patch(path).set('Authorization', admin.auth),
  });

  async function populate(): Promise<void> {
    const { post, patch, get } = api(source);
    await post('/api/projects/').send({ name: 'Backed up', slug: 'backed-up', web: 'https://example.com/' }).expect(201);
    const zip = new JSZip();
    zip.file('po/cs.po', PO('cs', 'Ahoj'));
    zip.file('po/de.po', PO('de'));
    await post('/api/projects/backed-up/components/')
      .field({ name: 'Uploaded', slug: 'uploaded', filemask: 'po/*.po', file_format: 'po' })
      .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer' }), 'upload.zip')
      .expect(201);
    const repo = await git.createBareRepo('backed-up', { 'locale/fr.po': PO('fr'), 'locale/cs.po': PO('cs') });
    await post('/api/projects/backed-up/components/').send({ name: 'From git', slug: 'from-git', repo, filemask: 'locale/*.po', file_format: 'po' }).expect(201);
    await source.drainTasks();

    for (const [component, language, target] of [['uploaded', 'de', 'Hallo'], ['from-git', 'fr', 'Bonjour'], ['from-git', 'cs', 'Nashle']] as const) {
      const units = await get(`/api/translations/backed-up/${component}/${language}/units/`).expect(200);
      const unit = units.body.results.find((candidate: { source: string[] }) => candidate.source[0] === (target === 'Nashle' ? 'Bye' : 'Hello'));
      await patch(`/api/units/${unit.id}/`).send({ target: [target], state: 20 }).expect(200);
    }
    // One component committed, the other left with pending changes: both states must survive.
    await post('/api/components/backed-up/from-git/repository/').send({ operation: 'commit' }).expect(200);
    await post('/api/screenshots/')
      .field({ name: 'Main window', project_slug: 'backed-up', component_slug: 'uploaded', language_code: 'en' })
      .attach('image', GIF, 'shot.gif')
      .expect(201);
    await source.drainTasks();
    await source.deliverEvents();
  }

  /** A download's bytes, whatever its content type. */
  async function bytes(download: Test): Promise<Buffer> {
    const res = await download.buffer(true).parse(binaryBody).expect(200);
    return res.body as Buffer;
  }

  /** What a client sees of the installation, with the server's own address taken out of every URL. */
  async function view(t: TestApp): Promise<unknown> {
    const { get } = api(t);
    const paths = [
      '/api/projects/',
      '/api/projects/backed-up/statistics/',
      '/api/projects/backed-up/changes/?page_size=1000',
      '/api/projects/backed-up/repository/',
      '/api/components/',
      '/api/components/backed-up/uploaded/repository/',
      '/api/components/backed-up/from-git/repository/',
      '/api/translations/',
      '/api/screenshots/',
      '/api/changes/?page_size=1000',
      '/api/units/?page_size=1000',
    ];
    const answers: Record<string, unknown> = {};
    for (const path of paths) answers[path] = (await get(path).expect(200)).body;
    for (const [component, languages] of [['uploaded', ['cs', 'de']], ['from-git', ['cs', 'fr']]] as const) {
      for (const language of languages) {
        const translation = `/api/translations/backed-up/${component}/${language}/`;
        answers[`${translation}statistics/`] = (await get(`${translation}statistics/`).expect(200)).body;
        answers[`${translation}file/`] = (await bytes(get(`${translation}file/`))).toString('utf8');
      }
    }
    const screenshots = answers['/api/screenshots/'] as { results: { id: number }[] };
    answers.image = (await bytes(get(`/api/screenshots/${screenshots.results[0].id}/file/`))).toString('base64');
    return JSON.parse(JSON.stringify(answers).replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://server'));
  }

  it('restores into an empty installation what a client saw, while the original keeps running', async () => {
    await populate();
    const before = await view(source);
    expect(before).toMatchObject({
      '/api/components/': { count: 2 },
      '/api/translations/': { count: 6 },
      '/api/screenshots/': { count: 1 },
      '/api/components/backed-up/uploaded/repository/': { needs_commit: true },
      '/api/translations/backed-up/from-git/fr/file/': expect.stringContaining('msgstr "Bonjour"'),
    });
    const file = join(scratch, 'installation.tar.gz');
    const summary = await backups(source).backup(file);
    expect(summary.workingCopies).toBe(2);

    restored = await createTestApp(GIT_ENV);
    // The empty installation runs through the restore (as a server whose embedded database the CLI joins), and has
    // already answered that the project does not exist, at the very access generation the backup holds: caches must
    // not answer that again once the data is there.
    const generation = 'SELECT value FROM access_generation';
    const [{ value: backedUpGeneration }] = await source.dataSource.query(generation);
    await restored.dataSource.query('UPDATE access_generation SET value = $1', [backedUpGeneration]);
    await restored.http().get('/api/projects/backed-up/').expect(404);
    await backups(restored).restore(file);
    expect(BigInt((await restored.dataSource.query(generation))[0].value)).toBeGreaterThan(BigInt(backedUpGeneration));
    await restored.http().get('/api/projects/backed-up/').expect(200);
    await migrateAndSeed((type) => restored!.app.get(type, { strict: false }));
    restored = await restored.restart();

    const after = await view(restored);
    expect(after).toEqual(before);
    // Still a working installation: the pending edit of the uploaded component commits, with a change recorded.
    const { post, get } = api(restored);
    await post('/api/components/backed-up/uploaded/repository/').send({ operation: 'commit' }).expect(200);
    const status = await get('/api/components/backed-up/uploaded/repository/').expect(200);
    expect(status.body.needs_commit).toBe(false);
    // Events still flow after the restore (its cursors were rebased): a new edit reaches the translation memory.
    const units = await get('/api/translations/backed-up/uploaded/de/units/').expect(200);
    const bye = units.body.results.find((unit: { source: string[] }) => unit.source[0] === 'Bye');
    await api(restored).patch(`/api/units/${bye.id}/`).send({ target: ['Tschüss'], state: 20 }).expect(200);
    await restored.deliverEvents();
    const memory = await get('/api/memory/?page_size=1000').expect(200);
    expect(memory.body.results.map((entry: { target: string }) => entry.target)).toContain('Tschüss');
    // Two installations, a clone, a backup, a restore and a restart: well beyond one request's budget on a busy machine.
  }, 120_000);

  it('refuses to restore over an installation that holds data', async () => {
    const file = join(scratch, 'again.tar.gz');
    await backups(source).backup(file);
    await expect(backups(source).restore(file)).rejects.toThrow(/refusing to restore: DATA_DIR .* already holds/);
  });

  it('refuses a file that is not one of its backups', async () => {
    const empty = await createTestApp();
    try {
      const file = join(scratch, 'not-a-backup.tar.gz');
      await writeFile(file, 'plain text');
      await expect(backups(empty).restore(file)).rejects.toThrow(/tar/);
    } finally {
      await empty.close();
    }
  });
});
