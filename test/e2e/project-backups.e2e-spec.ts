import JSZip from 'jszip';
import type { Test } from 'supertest';
import { grantPermissions } from '../factories/group.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';
import { binaryBody } from '../support/binary-body';

const PO = (language: string, translated = '') =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgid "Hello"\nmsgstr "${translated}"\n`;

async function zipBytes(download: Test): Promise<Buffer> {
  const res = await download.buffer(true).parse(binaryBody).expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  return res.body as Buffer;
}

/** Weblate 2026.7's project backups: started as a task, listed, downloaded, and restored as a new project. */
describe('project backups', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let translator: UserWithToken;

  beforeAll(async () => {
    [t, git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }), startGitHttpServer()]);
    admin = await createUser(t, { isSuperuser: true });
    translator = await createUser(t);
    await grantPermissions(t, translator.user, ['project.add']);

    const post = (path: string) => t.http().post(path).set('Authorization', admin.auth);
    await post('/api/projects/').send({ name: 'Original', slug: 'original', instructions: 'Be kind' }).expect(201);
    await post('/api/projects/original/labels/').send({ name: 'Urgent', color: 'red' }).expect(201);
    const zip = new JSZip();
    zip.file('po/cs.po', PO('cs', 'Ahoj'));
    await post('/api/projects/original/components/')
      .field({ name: 'Uploaded', slug: 'uploaded', filemask: 'po/*.po', file_format: 'po' })
      .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer' }), 'upload.zip')
      .expect(201);
    const repo = await git.createBareRepo('original', { 'locale/fr.po': PO('fr') });
    await post('/api/projects/original/components/').send({ name: 'From git', slug: 'from-git', repo, filemask: 'locale/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
    // A pending edit: the backup commits it, so the restored project has it.
    const units = await t.http().get('/api/translations/original/from-git/fr/units/').set('Authorization', admin.auth).expect(200);
    await t.http().patch(`/api/units/${units.body.results[0].id}/`).set('Authorization', admin.auth).send({ target: ['Bonjour'], state: 20 }).expect(200);
  });

  afterAll(async () => {
    await t.close();
    await git.close();
  });

  let backupName: string;
  let backup: Buffer;

  it('starts a backup as a task and answers 202 with its task_url, as Weblate does', async () => {
    const res = await t.http().post('/api/projects/original/backups/').set('Authorization', admin.auth).send({}).expect(202);
    expect(res.body).toEqual({ detail: expect.any(String), task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]+\/$/) });
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).set('Authorization', admin.auth).expect(200);
    expect(task.body).toMatchObject({ completed: true, progress: 100, result: { backup: expect.stringMatching(/^\d+\.zip$/) } });
    backupName = task.body.result.backup;
  });

  it('lists the backups with name, timestamp and size, and downloads one as a ZIP laid out like Weblate\'s', async () => {
    const list = await t.http().get('/api/projects/original/backups/').set('Authorization', admin.auth).expect(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null, results: [{ name: backupName, timestamp: expect.any(String), size: expect.any(Number) }] });
    backup = await zipBytes(t.http().get(`/api/projects/original/backups/${backupName}/`).set('Authorization', admin.auth));
    expect(backup.length).toBe(list.body.results[0].size);
    const zip = await JSZip.loadAsync(backup);
    expect(Object.keys(zip.files)).toEqual(expect.arrayContaining([
      'weblate-backup.json', 'weblate-memory.json', 'components/uploaded.json', 'components/from-git.json', 'vcs/uploaded/po/cs.po', 'vcs/from-git/.git/HEAD',
    ]));
    const data = JSON.parse(await zip.file('weblate-backup.json')!.async('string'));
    expect(data).toMatchObject({ project: { name: 'Original', slug: 'original', instructions: 'Be kind' }, labels: [{ name: 'Urgent', color: 'red' }] });
    expect(await zip.file('vcs/from-git/locale/fr.po')!.async('string')).toContain('msgstr "Bonjour"');
  });

  it('keeps backups to those who may edit the project, and answers 404 for a backup it does not have', async () => {
    for (const request of [
      t.http().get('/api/projects/original/backups/'),
      t.http().post('/api/projects/original/backups/'),
      t.http().get(`/api/projects/original/backups/${backupName}/`),
    ]) {
      const res = await request.set('Authorization', translator.auth).expect(403);
      expect(res.body.detail).toEqual(expect.any(String));
    }
    for (const name of ['1.zip', '..%2F..%2Fpg%2Fpassword', 'README.txt']) {
      await t.http().get(`/api/projects/original/backups/${name}/`).set('Authorization', admin.auth).expect(404);
    }
  });

  it('restores the backup as a new project: settings, labels, components with their files and the committed edit', async () => {
    const res = await t.http().post('/api/projects/').set('Authorization', translator.auth)
      .field({ name: 'Restored', slug: 'restored' })
      .attach('zipfile', backup, 'backup.zip')
      .expect(201);
    expect(res.body).toMatchObject({ name: 'Restored', slug: 'restored', instructions: 'Be kind' });
    await t.drainTasks();
    const get = (path: string) => t.http().get(path).set('Authorization', admin.auth).expect(200);
    const components = await get('/api/projects/restored/components/');
    expect(components.body.results.map((component: { slug: string; repo: string }) => [component.slug, component.repo]).sort()).toEqual([
      ['from-git', expect.stringMatching(/^http:\/\/.*original/)],
      ['uploaded', 'local:'],
    ]);
    expect((await get('/api/projects/restored/labels/')).body.results).toMatchObject([{ name: 'Urgent', color: 'red' }]);
    const fr = await get('/api/translations/restored/from-git/fr/units/');
    expect(fr.body.results.map((unit: { target: string[] }) => unit.target)).toEqual([['Bonjour']]);
    const cs = await get('/api/translations/restored/uploaded/cs/units/');
    expect(cs.body.results.map((unit: { target: string[] }) => unit.target)).toEqual([['Ahoj']]);
    const status = await get('/api/components/restored/from-git/repository/');
    expect(status.body).toMatchObject({ needs_commit: false, needs_push: true });
  });

  it('restores all or nothing: a component the server refuses leaves no project behind', async () => {
    const zip = await JSZip.loadAsync(backup);
    const component = JSON.parse(await zip.file('components/uploaded.json')!.async('string'));
    zip.file('components/uploaded.json', JSON.stringify({ ...component, component: { ...component.component, vcs: 'git', repo: 'ftp://example.com/app.git' } }));
    const res = await t.http().post('/api/projects/').set('Authorization', admin.auth)
      .field({ name: 'Half', slug: 'half' })
      .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer' }), 'backup.zip')
      .expect(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'zipfile', detail: expect.stringContaining('Component uploaded:') });
    await t.drainTasks();
    await t.http().get('/api/projects/half/').set('Authorization', admin.auth).expect(404);
  });

  it('refuses an archive that is not a project backup with a 400 on zipfile', async () => {
    const zip = new JSZip();
    zip.file('weblate-backup.json', '{"not": "a backup"');
    const res = await t.http().post('/api/projects/').set('Authorization', admin.auth)
      .field({ name: 'Broken', slug: 'broken' })
      .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer' }), 'backup.zip')
      .expect(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'zipfile', detail: expect.stringContaining('weblate-backup.json') });
    await t.http().get('/api/projects/broken/').set('Authorization', admin.auth).expect(404);
  });
});
