import JSZip from 'jszip';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const PO = (language: string) => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;

async function zipOf(files: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

describe('component creation from an uploaded ZIP', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    // A small upload limit keeps the zip bomb small: archives may expand to four times the limit.
    t = await createTestApp({ UPLOAD_MAX_BYTES: String(1024 * 1024) });
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  const upload = (projectSlug: string, file: Buffer, field = 'zipfile', fields: Record<string, string> = {}) =>
    t.http()
      .post(`/api/projects/${projectSlug}/components/`)
      .set('Authorization', admin.auth)
      .field({ name: 'Uploaded', slug: 'uploaded', filemask: 'po/*.po', file_format: 'po', ...fields })
      .attach(field, file, 'upload.zip');

  it('makes a local component with the uploaded translations', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, await zipOf({ 'po/cs.po': PO('cs'), 'po/fr.po': PO('fr') })).expect(201);
    expect(res.body).toMatchObject({ vcs: 'local', repo: 'local:', branch: 'main', linked_component: null });
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true, result: { translations: ['cs', 'fr'] } });
    const status = await t.http().get(`/api/components/${project.slug}/uploaded/repository/`).set('Authorization', admin.auth).expect(200);
    expect(status.body).toMatchObject({ needs_commit: false, remote_commit: null });
    expect(status.body.weblate_commit).toMatchObject({ revision: expect.stringMatching(/^[0-9a-f]{40}$/), author_name: expect.any(String) });
    const pushed = await t.http().post(`/api/components/${project.slug}/uploaded/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(pushed.body).toEqual({ result: false, detail: 'This component has no remote repository.' });
  });

  it.each([
    ['a path leaving the working copy', { '../evil.po': 'x' }],
    ['an absolute path', { '/etc/evil.po': 'x' }],
    ['a path into .git', { '.git/config': 'x' }],
  ])('refuses %s and creates nothing', async (_name, files) => {
    const project = await createProject(t);
    const res = await upload(project.slug, await zipOf(files as Record<string, string>)).expect(400);
    expect(res.body.errors[0].attr).toBe('zipfile');
    expect(await t.dataSource.query('SELECT id FROM components WHERE project_id = $1', [project.id])).toEqual([]);
  });

  it('refuses an archive that expands too far (zip bomb)', async () => {
    const project = await createProject(t);
    const bomb = await zipOf({ 'po/cs.po': Buffer.alloc(8 * 1024 * 1024, 0x20) });
    expect(bomb.length).toBeLessThan(64 * 1024);
    const res = await upload(project.slug, bomb).expect(400);
    expect(res.body.detail).toMatch(/expands to more than/);
  });

  it('refuses a file that is not a ZIP', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, Buffer.from('not a zip')).expect(400);
    expect(res.body.errors[0]).toMatchObject({ attr: 'zipfile' });
  });

  it('says clearly that documents cannot be translated here', async () => {
    const project = await createProject(t);
    const res = await upload(project.slug, Buffer.from('<html></html>'), 'docfile').expect(400);
    expect(res.body.errors[0].attr).toBe('docfile');
  });
  it('stores strings with tabs, backslashes, line breaks, quotes and braces exactly as the file has them', async () => {
    const project = await createProject(t);
    const po = [
      'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n',
      '#. a \\ note\t with a tab\n#: src/a.c:1\n#, c-format\nmsgctxt "ctx\\twith tab"\nmsgid "Path C:\\\\dir\\n{\\"quoted\\"}, %s"\nmsgstr "Cesta C:\\\\adresář\\r\\n{\\"v uvozovkách\\"}, %s"\n',
      'msgid "One {file}"\nmsgid_plural "Many, {files}"\nmsgstr[0] "\\\\N"\nmsgstr[1] ""\nmsgstr[2] "NULL"\n',
    ].join('\n');
    const res = await upload(project.slug, await zipOf({ 'po/cs.po': po })).expect(201);
    await t.drainTasks();
    const task = await t.http().get(new URL(res.body.task_url).pathname).expect(200);
    expect(task.body).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    const units = await t.http().get(`/api/translations/${project.slug}/uploaded/cs/units/`).set('Authorization', admin.auth).expect(200);
    expect(units.body.results.map((unit: Record<string, unknown>) => [unit.context, unit.source, unit.target, unit.note])).toEqual([
      ['ctx\twith tab', ['Path C:\\dir\n{"quoted"}, %s'], ['Cesta C:\\adresář\r\n{"v uvozovkách"}, %s'], 'a \\ note\t with a tab'],
      ['', ['One {file}', 'Many, {files}'], ['\\N', '', 'NULL'], ''],
    ]);
  });
});
