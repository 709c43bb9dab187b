import JSZip from 'jszip';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const PO = 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Bye"\nmsgstr ""\n';

/** Projects with more than two strings (units) are "large" here, so the background path runs on a tiny fixture. */
describe('project and component removal', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp({ PROJECT_REMOVAL_BACKGROUND_UNITS: '2' });
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  /** A project with one component made from a zip, and a screenshot image of its Czech translation on disk. */
  async function setUp(strings = PO) {
    const project = await createProject(t);
    const zip = await new JSZip().file('po/cs.po', strings).generateAsync({ type: 'nodebuffer' });
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .field({ name: 'App', slug: 'app', filemask: 'po/*.po', file_format: 'po' }).attach('zipfile', zip, 'app.zip').expect(201);
    await t.drainTasks();
    const image = join('screenshots', String(project.id), 'shot.png');
    await mkdir(join(t.config.dataDir, 'screenshots', String(project.id)), { recursive: true });
    await writeFile(join(t.config.dataDir, image), 'image');
    await t.dataSource.query(
      `INSERT INTO screenshots (name, translation_id, image_path, content_type)
       SELECT 'Main', id, $2, 'image/png' FROM translations WHERE component_id = $1 AND language_code = 'cs'`,
      [res.body.id, image],
    );
    return { project, componentId: res.body.id as number, workDir: join(t.config.dataDir, 'vcs', String(project.id)), image: join(t.config.dataDir, image) };
  }

  const unitsOf = async (projectId: number) =>
    Number((await t.dataSource.query(
      'SELECT count(*) FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id WHERE c.project_id = $1',
      [projectId],
    ))[0].count);

  it('removes a small project at once, with its strings, working copies and screenshot images', async () => {
    const { project, workDir, image } = await setUp('msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "Hello"\nmsgstr ""\n');
    expect(await unitsOf(project.id)).toBe(2); // the source string and its Czech translation
    await t.http().delete(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(204);
    await t.http().get(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(404);
    expect(await unitsOf(project.id)).toBe(0);
    expect(existsSync(workDir)).toBe(false);
    expect(existsSync(image)).toBe(false);
  });

  it('removes a large project in a background task', async () => {
    const { project, workDir, image } = await setUp();
    expect(await unitsOf(project.id)).toBe(4);
    await t.http().delete(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(204);
    await t.drainTasks();
    await t.http().get(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).expect(404);
    expect(await unitsOf(project.id)).toBe(0);
    expect(existsSync(workDir)).toBe(false);
    expect(existsSync(image)).toBe(false);
    const [task] = await t.dataSource.query(`SELECT completed, progress, result FROM tasks WHERE name = 'project.remove' ORDER BY created DESC LIMIT 1`);
    expect(task).toMatchObject({ completed: true, progress: 100, result: { project: project.id, units: 4 } });
  });

  it('removes the screenshot images of a deleted component', async () => {
    const { project, image } = await setUp();
    await t.http().delete(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).expect(204);
    expect(existsSync(image)).toBe(false);
  });
});
