import JSZip from 'jszip';
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createComponent } from '../factories/component.factory';
import { createGroup } from '../factories/group.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const LIMIT = 64 * 1024;
const PO = (language: string) => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;

/**
 * Multipart bodies are read only after the rate limit and the access policy: on the routes that take files,
 * streamed to temporary files that go when the response ends; on every other route as a plain form, within the
 * body limits. Nobody can make the server buffer a body it refuses.
 */
describe('multipart bodies', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: String(LIMIT) });
    admin = await createUser(t, { isSuperuser: true });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as AddressInfo).port;
  });

  afterAll(() => t.close());

  const temporaryFiles = async () => {
    const dir = join(t.config.dataDir, 'tmp', 'uploads');
    return existsSync(dir) ? readdir(dir) : [];
  };

  /**
   * Sends the headers and the start of a 100 MB multipart body, then waits for the answer without sending the
   * rest: a server that read the body before answering would never answer.
   */
  function answerToUnfinishedUpload(path: string, auth?: string): Promise<{ status: number; body: { detail?: string } }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({
        host: '127.0.0.1', port, path, method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': String(100 * 1024 * 1024), ...(auth ? { Authorization: auth } : {}) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') });
          req.destroy();
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' || error.code === 'EPIPE' ? undefined : reject(error)));
      req.write('--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.po"\r\n\r\n');
      req.write(Buffer.alloc(256 * 1024, 'a'));
    });
  }

  it('reads a multipart form on a route that takes no files as its form-urlencoded twin', async () => {
    const group = await createGroup(t);
    const viewer = await createUser(t);
    const added = await t.http().post(`/api/users/${viewer.user.username}/groups/`).set('Authorization', admin.auth).field('group_id', String(group.id)).expect(200);
    expect(added.body.groups).toContainEqual(expect.stringMatching(new RegExp(`/api/groups/${group.id}/$`)));

    const twins = [await createProject(t), await createProject(t)];
    const fields = { web: 'https://example.org/app', enable_hooks: 'false', instructions: 'Keep it short.' };
    const asMultipart = Object.entries(fields).reduce((req, [name, value]) => req.field(name, value), t.http().patch(`/api/projects/${twins[0].slug}/`).set('Authorization', admin.auth));
    const viaMultipart = (await asMultipart.expect(200)).body;
    const viaForm = (await t.http().patch(`/api/projects/${twins[1].slug}/`).set('Authorization', admin.auth).type('form').send(fields).expect(200)).body;
    for (const field of Object.keys(fields)) expect(viaMultipart[field]).toEqual(viaForm[field]);
    expect(viaMultipart).toMatchObject({ web: 'https://example.org/app', enable_hooks: false });
  });

  it('reports a multipart field that is wrong as a form field would be', async () => {
    const project = await createProject(t);
    const res = await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).field('enable_hooks', 'maybe').expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ attr: 'enable_hooks', code: 'invalid' })]);
  });

  it('answers a file part on a route that takes no files with 400 naming the field, and keeps nothing', async () => {
    const project = await createProject(t);
    const res = await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth)
      .field('web', 'https://example.org/multipart').attach('instructions', Buffer.from('text'), 'notes.txt').expect(400);
    expect(res.body).toMatchObject({ type: 'validation_error', errors: [{ attr: 'instructions', code: 'unexpected_file', detail: expect.any(String) }] });
    expect(res.body.detail).toContain('instructions');
    expect((await t.http().get(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(200)).body.web).not.toBe('https://example.org/multipart');
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses a multipart form over the body limit before reading it', async () => {
    // A route that takes no files (POST /api/projects/ takes a project backup's zipfile).
    const res = await answerToUnfinishedUpload('/api/groups/', admin.auth);
    expect(res).toEqual({ status: 413, body: expect.objectContaining({ detail: 'Request body is too large.' }) });
  });

  it('refuses an anonymous upload before reading its body, on every kind of route', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs');
    expect((await answerToUnfinishedUpload('/api/projects/')).status).toBe(401);
    expect((await answerToUnfinishedUpload(`/api/translations/${project.slug}/${component.slug}/cs/file/`)).status).toBe(401);
    expect((await answerToUnfinishedUpload(`/api/projects/${project.slug}/components/`)).status).toBe(401);
    expect((await answerToUnfinishedUpload('/api/screenshots/')).status).toBe(401);
    expect((await answerToUnfinishedUpload('/healthz/')).status).toBe(405);
    expect(await temporaryFiles()).toEqual([]);
  });

  it('refuses a JSON or form body over 64 KB from an anonymous caller (it is discarded, never kept)', async () => {
    for (const [type, body] of [['application/json', `{"name": "${'x'.repeat(1024 * 1024)}"}`], ['application/x-www-form-urlencoded', `name=${'x'.repeat(1024 * 1024)}`]]) {
      const res = await t.http().post('/api/projects/').set('Content-Type', type).send(body);
      expect(res.status).toBe(413);
      expect(res.body.detail).toBe('Request body is too large.');
    }
  });

  it('answers an upload over UPLOAD_MAX_BYTES with 413 and keeps no temporary file', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs');
    const res = await t.http().post(`/api/translations/${project.slug}/${component.slug}/cs/file/`).set('Authorization', admin.auth)
      .attach('file', Buffer.alloc(LIMIT + 1, 'a'), 'cs.po');
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe('Uploaded file "file" is too large.');
    expect(await temporaryFiles()).toEqual([]);
  });

  it.each([
    ['a truncated body', 'multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data; name="method"\r\n\r\ntranslate'],
    ['a boundary that does not match its header', 'multipart/form-data; boundary=xyz', '--abc\r\nContent-Disposition: form-data; name="method"\r\n\r\nadd\r\n--abc--\r\n'],
    ['no boundary at all', 'multipart/form-data', '--abc\r\n\r\n'],
  ])('answers %s with 400', async (_case, type, body) => {
    const project = await createProject(t);
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth).set('Content-Type', type).send(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^Multipart form parse error - /);
  });

  describe('ZIP archives', () => {
    // An upload limit large enough for an archive of 10 001 empty files.
    let zipApp: TestApp;
    let zipAdmin: UserWithToken;

    beforeAll(async () => {
      zipApp = await createTestApp({ UPLOAD_MAX_BYTES: String(4 * 1024 * 1024) });
      zipAdmin = await createUser(zipApp, { isSuperuser: true });
    });

    afterAll(() => zipApp.close());

    const upload = (projectSlug: string, file: Buffer) =>
      zipApp.http().post(`/api/projects/${projectSlug}/components/`).set('Authorization', zipAdmin.auth)
        .field({ name: 'Uploaded', slug: 'uploaded', filemask: 'po/*.po', file_format: 'po' }).attach('zipfile', file, 'upload.zip');
    const componentsOf = (project: { id: number }) => zipApp.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id]);
    const workingCopiesOf = async (project: { id: number }) => {
      const dir = join(zipApp.config.dataDir, 'vcs', String(project.id));
      return existsSync(dir) ? readdir(dir) : [];
    };

    it('refuses an archive of more than 10 000 entries by its central directory, creating nothing', async () => {
      const zip = new JSZip();
      for (let i = 0; i <= 10_000; i++) zip.file(`po/x${i}.po`, '');
      const project = await createProject(zipApp);
      const res = await upload(project.slug, await zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' })).expect(400);
      expect(res.body.errors).toEqual([{ code: 'invalid', attr: 'zipfile', detail: 'The ZIP file has more than 10000 files.' }]);
      expect(await componentsOf(project)).toEqual([]);
      expect(await workingCopiesOf(project)).toEqual([]);
    });

    it('refuses an archive with no file the mask matches, naming the mask, and creates nothing', async () => {
      const zip = new JSZip().file('locale/cs.po', PO('cs')).file('README', 'hello');
      const project = await createProject(zipApp);
      const res = await upload(project.slug, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })).expect(400);
      expect(res.body.errors).toEqual([{ code: 'invalid', attr: 'zipfile', detail: 'The ZIP file contains no file matching the file mask po/*.po.' }]);
      expect(await componentsOf(project)).toEqual([]);
      expect(await workingCopiesOf(project)).toEqual([]);
    });

    it('extracts an accepted archive and removes its temporary file', async () => {
      const zip = new JSZip().file('po/cs.po', PO('cs')).file('po/de.po', PO('de'));
      const project = await createProject(zipApp);
      await upload(project.slug, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })).expect(201);
      await zipApp.drainTasks();
      const translations = await zipApp.http().get(`/api/components/${project.slug}/uploaded/translations/`).set('Authorization', zipAdmin.auth).expect(200);
      expect(translations.body.results.map((row: { language_code: string }) => row.language_code).sort()).toEqual(['cs', 'de', 'en']);
      expect(await readdir(join(zipApp.config.dataDir, 'tmp', 'uploads'))).toEqual([]);
    });
  });
});
