import JSZip from 'jszip';
import type { Response } from 'supertest';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';

const PO = (language: string) => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr ""\n`;

/** Collects the body as bytes whatever the content type. */
function binary(res: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('file downloads', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let repoUrl: string;
  let project: Project;
  let hidden: Project;

  const create = (projectSlug: string, body: object) => t.http().post(`/api/projects/${projectSlug}/components/`).set('Authorization', admin.auth).send(body).expect(201);
  const get = (path: string, auth?: string) => {
    const request = t.http().get(path).buffer(true).parse(binary);
    return auth ? request.set('Authorization', auth) : request;
  };

  beforeAll(async () => {
    [t, git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }), startGitHttpServer()]);
    admin = await createUser(t, { isSuperuser: true });
    repoUrl = await git.createBareRepo('dl', { 'po/cs.po': PO('cs'), 'po/de.po': PO('de'), 'README.md': 'readme' });
    project = await createProject(t);
    hidden = await createProject(t, { accessControl: AccessControl.Private });
    await create(project.slug, { name: 'App', slug: 'app', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' });
    await create(project.slug, { name: 'Docs', slug: 'docs', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' });
    await create(hidden.slug, { name: 'App', slug: 'app', repo: repoUrl, filemask: 'po/*.po', file_format: 'po' });
    await t.drainTasks();
  });

  afterAll(async () => {
    await t.close();
    await git.close();
  });

  describe('translation file', () => {
    it('returns the file as stored in the repository, with Last-Modified', async () => {
      const res = await get(`/api/translations/${project.slug}/app/cs/file/`, admin.auth).expect(200);
      expect((res.body as Buffer).toString('utf8')).toBe(PO('cs'));
      expect(res.headers['content-type']).toMatch(/^text\/x-po/);
      expect(res.headers['content-disposition']).toBe('attachment; filename="cs.po"');
      expect(Number.isNaN(Date.parse(res.headers['last-modified']))).toBe(false);
    });

    it('answers If-Modified-Since at or after the modification time with 304 and no body', async () => {
      const first = await get(`/api/translations/${project.slug}/app/cs/file/`, admin.auth).expect(200);
      const lastModified = first.headers['last-modified'];
      const res = await get(`/api/translations/${project.slug}/app/cs/file/`, admin.auth).set('If-Modified-Since', lastModified).expect(304);
      expect((res.body as Buffer | undefined)?.length ?? 0).toBe(0);
      const older = new Date(Date.parse(lastModified) - 60_000).toUTCString();
      await get(`/api/translations/${project.slug}/app/cs/file/`, admin.auth).set('If-Modified-Since', older).expect(200);
      await get(`/api/translations/${project.slug}/app/cs/file/`, admin.auth).set('If-Modified-Since', 'garbage').expect(200);
    });

    it('reads a linked component from its parent working copy', async () => {
      const res = await get(`/api/translations/${project.slug}/docs/de/file/`, admin.auth).expect(200);
      expect((res.body as Buffer).toString('utf8')).toBe(PO('de'));
    });

    it('returns the stored file for its own format, converts to the exporters and refuses others with 404', async () => {
      const same = await get(`/api/translations/${project.slug}/app/cs/file/?format=po`, admin.auth).expect(200);
      expect((same.body as Buffer).toString('utf8')).toBe(PO('cs'));
      const csv = await get(`/api/translations/${project.slug}/app/cs/file/?format=csv`, admin.auth).expect(200);
      expect(csv.headers['content-type']).toBe('text/csv');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="${project.slug}-app-cs.csv"`);
      expect((csv.body as Buffer).toString('utf8')).toContain('"","Hello","","","False","","",""');
      const xlsx = await get(`/api/translations/${project.slug}/app/cs/file/?format=xlsx`, admin.auth).expect(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect((await JSZip.loadAsync(xlsx.body as Buffer)).file('xl/worksheets/sheet1.xml')).not.toBeNull();
      const res = await t.http().get(`/api/translations/${project.slug}/app/cs/file/?format=docx`).set('Authorization', admin.auth).expect(404);
      expect(res.body.detail).toBe(
        "Format 'docx' is not supported. Supported formats are: po, mo, xliff, xliff11, tbx, tmx, csv, csv-multi, xlsx, json, json-nested, aresource, strings.",
      );
      await t.http().get(`/api/translations/${project.slug}/app/cs/file/?format=a&format=b`).set('Authorization', admin.auth).expect(404);
    });

    it('answers 404 for the source translation without a file and unknown languages', async () => {
      const res = await t.http().get(`/api/translations/${project.slug}/app/en/file/`).set('Authorization', admin.auth).expect(404);
      expect(res.body.detail).toBe('No file for this translation.');
      await t.http().get(`/api/translations/${project.slug}/app/fr/file/`).set('Authorization', admin.auth).expect(404);
    });
  });

  describe('archives', () => {
    it('zips the component files at their repository paths', async () => {
      const res = await get(`/api/components/${project.slug}/app/file/`, admin.auth).expect(200);
      expect(res.headers['content-type']).toMatch(/^application\/zip/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${project.slug}-app.zip"`);
      const zip = await JSZip.loadAsync(res.body as Buffer);
      const names = Object.keys(zip.files).filter((name) => !zip.files[name].dir).sort();
      expect(names).toEqual(['po/cs.po', 'po/de.po']);
      expect(await zip.file('po/cs.po')!.async('string')).toBe(PO('cs'));
      await get(`/api/components/${project.slug}/app/file/?format=zip`, admin.auth).expect(200);
      await t.http().get(`/api/components/${project.slug}/app/file/?format=tar`).set('Authorization', admin.auth).expect(404);
    });

    it('zips the project files under the component paths, optionally of one language', async () => {
      const all = await get(`/api/projects/${project.slug}/file/`, admin.auth).expect(200);
      expect(all.headers['content-disposition']).toBe(`attachment; filename="${project.slug}.zip"`);
      const zip = await JSZip.loadAsync(all.body as Buffer);
      expect(Object.keys(zip.files).filter((name) => !zip.files[name].dir).sort()).toEqual(['app/po/cs.po', 'app/po/de.po', 'docs/po/cs.po', 'docs/po/de.po']);

      const cs = await get(`/api/projects/${project.slug}/file/?language_code=cs`, admin.auth).expect(200);
      const csZip = await JSZip.loadAsync(cs.body as Buffer);
      expect(Object.keys(csZip.files).filter((name) => !csZip.files[name].dir).sort()).toEqual(['app/po/cs.po', 'docs/po/cs.po']);
      expect(await csZip.file('docs/po/cs.po')!.async('string')).toBe(PO('cs'));

      const converted = await JSZip.loadAsync((await t.http().get(`/api/projects/${project.slug}/file/?format=zip:csv`).set('Authorization', admin.auth).buffer(true).parse(binary).expect(200)).body);
      expect(Object.keys(converted.files).filter((name) => !converted.files[name].dir).sort()).toEqual(['app/po/cs.csv', 'app/po/de.csv', 'docs/po/cs.csv', 'docs/po/de.csv']);
      await t.http().get(`/api/projects/${project.slug}/file/?format=zip:nope`).set('Authorization', admin.auth).expect(404);
      await t.http().get(`/api/projects/${project.slug}/file/?language_code=a&language_code=b`).set('Authorization', admin.auth).expect(404);
    });
  });

  describe('access', () => {
    it('serves anonymous callers on a public project (guests may download)', async () => {
      await get(`/api/translations/${project.slug}/app/cs/file/`).expect(200);
      await get(`/api/components/${project.slug}/app/file/`).expect(200);
      await get(`/api/projects/${project.slug}/file/`).expect(200);
    });

    it('hides a private project with 404', async () => {
      const outsider = await createUser(t);
      for (const auth of [undefined, outsider.auth]) {
        await get(`/api/translations/${hidden.slug}/app/cs/file/`, auth).expect(404);
        await get(`/api/components/${hidden.slug}/app/file/`, auth).expect(404);
        await get(`/api/projects/${hidden.slug}/file/`, auth).expect(404);
      }
      await get(`/api/projects/${hidden.slug}/file/`, admin.auth).expect(200);
    });
  });
});
