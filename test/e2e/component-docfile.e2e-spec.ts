import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const PO = 'msgid ""\nmsgstr ""\n"Language: en\\n"\n\nmsgid "Hello"\nmsgstr "Hello"\n\nmsgid "Bye"\nmsgstr "Bye"\n';
const JSON_DOC = '{\n  "greeting": "Hello",\n  "farewell": "Bye"\n}\n';

describe('component creation from an uploaded document (docfile)', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: String(256 * 1024) });
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  const upload = (projectSlug: string, content: string | Buffer, filename: string, fields: Record<string, string> = {}) =>
    t.http()
      .post(`/api/projects/${projectSlug}/components/`)
      .set('Authorization', admin.auth)
      .field({ name: 'Document', slug: 'doc', ...fields })
      .attach('docfile', Buffer.from(content), filename);

  const workDir = (projectId: number, componentId: number) => join(t.config.dataDir, 'vcs', String(projectId), String(componentId));

  it('makes a bilingual component from a .po file, guessing the format from the extension', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, PO, 'messages.po').expect(201);
    expect(res.body).toMatchObject({ vcs: 'local', repo: 'local:', file_format: 'po', filemask: 'doc/*.po', template: 'doc/en.po', new_base: 'doc/en.po' });
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true });
    expect(await readFile(join(workDir(project.id, res.body.id), 'doc/en.po'), 'utf8')).toBe(PO);

    const source = await t.http().get(`/api/translations/${project.slug}/doc/en/`).set('Authorization', admin.auth).expect(200);
    expect(source.body).toMatchObject({ is_source: true, filename: 'doc/en.po', total: 2 });
    const units = await t.http().get(`/api/translations/${project.slug}/doc/en/units/`).set('Authorization', admin.auth).expect(200);
    expect(units.body.results.map((unit: { source: string[] }) => unit.source[0]).sort()).toEqual(['Bye', 'Hello']);
    const status = await t.http().get(`/api/components/${project.slug}/doc/repository/`).set('Authorization', admin.auth).expect(200);
    expect(status.body).toMatchObject({ needs_commit: false });
    expect(status.body.weblate_commit).toMatchObject({ revision: expect.stringMatching(/^[0-9a-f]{40}$/) });

    // A new language starts from the document: its strings, untranslated, under the language's own header.
    const added = await t.http().post(`/api/components/${project.slug}/doc/translations/`).set('Authorization', admin.auth).send({ language_code: 'de' }).expect(201);
    expect(added.body.data).toMatchObject({ filename: 'doc/de.po', total: 2, translated: 0 });
    const german = await readFile(join(workDir(project.id, res.body.id), 'doc/de.po'), 'utf8');
    expect(german).toContain('"Language: de\\n"');
    expect(german).toContain('msgid "Bye"\nmsgstr ""');
  });

  it('makes a monolingual component from a .json file with the document as template, and a translation can be added', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, JSON_DOC, 'strings.json', { file_format: 'json', new_lang: 'add' }).expect(201);
    expect(res.body).toMatchObject({ file_format: 'json', filemask: 'doc/*.json', template: 'doc/en.json', vcs: 'local' });
    await t.drainTasks();
    const units = await t.http().get(`/api/translations/${project.slug}/doc/en/units/`).set('Authorization', admin.auth).expect(200);
    expect(units.body.results.map((unit: { context: string; source: string[] }) => [unit.context, unit.source[0]]).sort()).toEqual([
      ['farewell', 'Bye'],
      ['greeting', 'Hello'],
    ]);

    // wlc-style flow: add a language, translate a string, commit; the file in the local repository follows.
    const added = await t.http().post(`/api/components/${project.slug}/doc/translations/`).set('Authorization', admin.auth).send({ language_code: 'cs' }).expect(201);
    expect(added.body.data).toMatchObject({ filename: 'doc/cs.json', total: 2, translated: 0 });
    const list = await t.http().get(`/api/translations/${project.slug}/doc/cs/units/`).set('Authorization', admin.auth).expect(200);
    const greeting = list.body.results.find((unit: { context: string }) => unit.context === 'greeting');
    await t.http().patch(`/api/units/${greeting.id}/`).set('Authorization', admin.auth).send({ target: ['Ahoj'], state: 20 }).expect(200);
    const committed = await t.http().post(`/api/components/${project.slug}/doc/repository/`).set('Authorization', admin.auth).send({ operation: 'commit' }).expect(200);
    expect(committed.body).toEqual({ result: true });
    expect(JSON.parse(await readFile(join(workDir(project.id, res.body.id), 'doc/cs.json'), 'utf8'))).toEqual({ greeting: 'Ahoj', farewell: '' });
  });

  it('honours a given filemask and source language', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, PO, 'upload.po', { filemask: 'locale/*/app.po', source_language: 'de' }).expect(201);
    expect(res.body).toMatchObject({ filemask: 'locale/*/app.po', file_format: 'po' });
    await t.drainTasks();
    await access(join(workDir(project.id, res.body.id), 'locale/de/app.po'));
    await t.http().get(`/api/translations/${project.slug}/doc/de/`).set('Authorization', admin.auth).expect(200);
  });

  it('needs file_format when the extension says nothing', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, PO, 'document.bin').expect(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'file_format' });
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);
  });

  it('refuses a file that does not parse and leaves nothing behind', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, '{"greeting": ', 'broken.json', { file_format: 'json' }).expect(400);
    expect(res.body.errors[0].attr).toBe('docfile');
    expect(res.body.errors[0].detail).toMatch(/^Could not parse the JSON file/);
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);
    await expect(access(join(t.config.dataDir, 'vcs', String(project.id)))).rejects.toThrow();
  });

  it('keeps to the upload size limit', async () => {
    const project = await createProject(t);
    const big = `msgid "x"\nmsgstr "${'a'.repeat(300 * 1024)}"\n`;
    const res = await upload(project.slug, big, 'big.po');
    expect([400, 413]).toContain(res.status);
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);
  });

  it('still requires filemask and file_format without an upload', async () => {
    const project = await createProject(t);
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .send({ name: 'X', slug: 'x', repo: 'https://example.org/x.git' }).expect(400);
    expect(res.body.errors.map((error: { attr: string }) => error.attr).sort()).toEqual(['file_format', 'filemask']);
  });
});
