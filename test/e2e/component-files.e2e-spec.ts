import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AccessControl, Project } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';
import { binaryBody } from '../support/binary-body';

const POT = 'msgid ""\nmsgstr ""\n\nmsgid "Hello"\nmsgstr ""\n';
const PO = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj"\n';
const EN_JSON = '{"hello": "Hello"}\n';

describe('component deletion and file downloads', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  let repoUrl: string;
  const dirOf = (projectId: number, componentId: number) => join(t.config.dataDir, 'vcs', String(projectId), String(componentId));
  /** The response body as raw bytes, whatever the content type. */
  const download = (path: string, auth = admin.auth) =>
    t.http().get(path).set('Authorization', auth).buffer(true).parse(binaryBody);

  beforeAll(async () => {
    [t, git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }), startGitHttpServer()]);
    admin = await createUser(t, { isSuperuser: true });
    repoUrl = await git.createBareRepo('app', { 'po/messages.pot': POT, 'po/cs.po': PO, 'json/en.json': EN_JSON, 'json/cs.json': '{}\n' });
  });

  afterAll(async () => {
    await t.close();
    await git.close();
  });

  /** A component cloned through the API; the same repository in one project is shared with the first component. */
  async function createCloned(project: Project, slug: string, fields: Record<string, unknown> = {}): Promise<number> {
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .send({ name: slug, slug, repo: repoUrl, filemask: 'po/*.po', file_format: 'po', ...fields }).expect(201);
    await t.drainTasks();
    return res.body.id;
  }

  describe('DELETE /api/components/<p>/<c>/', () => {
    it('deletes the component, its translations and its working copy', async () => {
      const project = await createProject(t);
      const id = await createCloned(project, 'app');
      expect(existsSync(join(dirOf(project.id, id), 'po', 'cs.po'))).toBe(true);
      await t.http().delete(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).expect(204);
      expect(existsSync(dirOf(project.id, id))).toBe(false);
      expect(await t.dataSource.query('SELECT 1 FROM components WHERE id = $1', [id])).toEqual([]);
      expect(await t.dataSource.query('SELECT 1 FROM translations WHERE component_id = $1', [id])).toEqual([]);
      await t.http().get(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).expect(404);
    });

    it('refuses while linked components share the working copy, then deletes them in order', async () => {
      const project = await createProject(t);
      const ownerId = await createCloned(project, 'owner');
      const linkedId = await createCloned(project, 'linked');
      expect((await t.dataSource.query('SELECT linked_component_id FROM components WHERE id = $1', [linkedId]))[0].linked_component_id).toBe(ownerId);

      const refused = await t.http().delete(`/api/components/${project.slug}/owner/`).set('Authorization', admin.auth).expect(400);
      expect(refused.body.detail).toBe('Component is used by linked components; delete or unlink them first.');
      expect(existsSync(dirOf(project.id, ownerId))).toBe(true);

      // The linked component has no working copy of its own: deleting it leaves the owner's alone.
      await t.http().delete(`/api/components/${project.slug}/linked/`).set('Authorization', admin.auth).expect(204);
      expect(existsSync(join(dirOf(project.id, ownerId), 'po', 'cs.po'))).toBe(true);
      await t.http().delete(`/api/components/${project.slug}/owner/`).set('Authorization', admin.auth).expect(204);
      expect(existsSync(dirOf(project.id, ownerId))).toBe(false);
    });

    it('needs component.edit and hides what the caller cannot see', async () => {
      const project = await createProject(t);
      const component = await createComponent(t, project);
      const path = `/api/components/${project.slug}/${component.slug}/`;
      const translator = await createUser(t);
      await joinProjectTeam(t, translator.user.id, project, 'Translate');
      await t.http().delete(path).expect(401);
      await t.http().delete(path).set('Authorization', translator.auth).expect(403);

      const hidden = await createProject(t, { accessControl: AccessControl.Private });
      const secret = await createComponent(t, hidden);
      await t.http().delete(`/api/components/${hidden.slug}/${secret.slug}/`).set('Authorization', translator.auth).expect(404);
      await t.http().delete(`/api/components/${project.slug}/none/`).set('Authorization', admin.auth).expect(404);

      const manager = await createUser(t);
      await joinProjectTeam(t, manager.user.id, project, 'Administration');
      await t.http().delete(path).set('Authorization', manager.auth).expect(204);
    });
  });

  describe('DELETE /api/projects/<p>/', () => {
    it('removes the working copies of its components', async () => {
      const project = await createProject(t);
      const ownerId = await createCloned(project, 'owner');
      await createCloned(project, 'linked');
      await createCloned(project, 'separate', { disable_autoshare: true });
      await t.http().delete(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(204);
      expect(existsSync(join(t.config.dataDir, 'vcs', String(project.id)))).toBe(false);
      expect(await t.dataSource.query('SELECT 1 FROM components WHERE id = $1', [ownerId])).toEqual([]);
    });

    it('refuses while components of other projects share one of its working copies', async () => {
      const project = await createProject(t);
      const other = await createProject(t);
      const ownerId = await createCloned(project, 'owner');
      await createCloned(other, 'borrower', { repo: `weblate://${project.slug}/owner` });
      const refused = await t.http().delete(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(400);
      expect(refused.body.detail).toContain('linked components');
      expect(existsSync(dirOf(project.id, ownerId))).toBe(true);
    });
  });

  describe('monolingual_base and new_template', () => {
    it('download the configured files with their names and types', async () => {
      const project = await createProject(t);
      await createCloned(project, 'po', { new_base: 'po/messages.pot' });
      await createCloned(project, 'json', { filemask: 'json/*.json', file_format: 'json', template: 'json/en.json', disable_autoshare: true });

      const pot = await download(`/api/components/${project.slug}/po/new_template/`).expect(200);
      expect(pot.headers['content-type']).toBe('application/x-gettext');
      expect(pot.headers['content-disposition']).toBe('attachment; filename="messages.pot"');
      expect(pot.body.toString('utf8')).toBe(POT);

      const json = await download(`/api/components/${project.slug}/json/monolingual_base/`).expect(200);
      expect(json.headers['content-type']).toBe('application/json');
      expect(json.headers['content-disposition']).toBe('attachment; filename="en.json"');
      expect(json.body.toString('utf8')).toBe(EN_JSON);
    });

    it('read a linked component\'s files from the working copy it shares', async () => {
      const project = await createProject(t);
      await createCloned(project, 'owner');
      await createCloned(project, 'linked', { new_base: 'po/messages.pot' });
      const res = await download(`/api/components/${project.slug}/linked/new_template/`).expect(200);
      expect(res.body.toString('utf8')).toBe(POT);
    });

    it('answer 404 without a configured file, for missing files and for paths leaving the repository', async () => {
      const project = await createProject(t);
      await createCloned(project, 'app');
      const base = `/api/components/${project.slug}/app`;
      for (const part of ['monolingual_base', 'new_template']) {
        const res = await t.http().get(`${base}/${part}/`).set('Authorization', admin.auth).expect(404);
        expect(res.body.detail).toBe('No file configured.');
      }
      await t.dataSource.query("UPDATE components SET template = 'po/missing.pot', new_base = '../../secret.pot' WHERE project_id = $1", [project.id]);
      await t.http().get(`${base}/monolingual_base/`).set('Authorization', admin.auth).expect(404);
      await t.http().get(`${base}/new_template/`).set('Authorization', admin.auth).expect(404);

      // A component whose working copy was never cloned.
      const bare = await createComponent(t, project, { template: 'po/messages.pot' });
      await t.http().get(`/api/components/${project.slug}/${bare.slug}/monolingual_base/`).set('Authorization', admin.auth).expect(404);
    });

    it('need translation.download', async () => {
      const project = await createProject(t, { accessControl: AccessControl.Private });
      const component = await createComponent(t, project, { newBase: 'base.txt' });
      await mkdir(dirOf(project.id, component.id), { recursive: true });
      await writeFile(join(dirOf(project.id, component.id), 'base.txt'), 'plain');
      const path = `/api/components/${project.slug}/${component.slug}/new_template/`;
      await t.http().get(path).expect(404);
      await t.http().get(path).set('Authorization', (await createUser(t)).auth).expect(404);
      const translator = await createUser(t);
      await joinProjectTeam(t, translator.user.id, project, 'Translate');
      const res = await download(path, translator.auth).expect(200);
      expect(res.headers['content-type']).toBe('text/plain');
      expect(res.body.toString('utf8')).toBe('plain');
    });
  });
});
