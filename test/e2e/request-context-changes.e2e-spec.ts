import { AccessControl } from '../../src/projects/project.entity';
import { createComponent } from '../factories/component.factory';
import { createProject } from '../factories/project.factory';
import { createTranslation } from '../factories/translation.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * Each process keeps what requests resolve from their paths (projects, components with their category paths and
 * add-ons, languages) between requests; a change to any of it, however it is written (the API, or SQL as another
 * replica's or a person's), is seen by the very next request. Every case asks twice first, so the object is kept,
 * then changes it in the database, then asks again.
 */
describe('what a path names is current on the next request', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  const get = (path: string, auth?: string) => (auth ? t.http().get(path).set('Authorization', auth) : t.http().get(path));
  const twice = async (path: string, auth?: string) => {
    await get(path, auth).expect(200);
    return get(path, auth).expect(200);
  };

  it('hides a project made private in the database from anonymous callers', async () => {
    const project = await createProject(t);
    await twice(`/api/projects/${project.slug}/`);
    await t.dataSource.query('UPDATE projects SET access_control = $2 WHERE id = $1', [project.id, AccessControl.Private]);
    await get(`/api/projects/${project.slug}/`).expect(404);
    await get(`/api/projects/${project.slug}/`, admin.auth).expect(200);
  });

  it('shows a project renamed in the database under its new name', async () => {
    const project = await createProject(t);
    expect((await twice(`/api/projects/${project.slug}/`, admin.auth)).body.name).toBe(project.name);
    await t.dataSource.query(`UPDATE projects SET name = 'Renamed project' WHERE id = $1`, [project.id]);
    expect((await get(`/api/projects/${project.slug}/`, admin.auth).expect(200)).body.name).toBe('Renamed project');
  });

  it('shows a component renamed in the database, on its own route and in its translations', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'cs');
    await twice(`/api/components/${project.slug}/${component.slug}/`, admin.auth);
    await twice(`/api/translations/${project.slug}/${component.slug}/cs/`, admin.auth);
    await t.dataSource.query(`UPDATE components SET name = 'Renamed component' WHERE id = $1`, [component.id]);
    expect((await get(`/api/components/${project.slug}/${component.slug}/`, admin.auth).expect(200)).body.name).toBe('Renamed component');
    expect((await get(`/api/translations/${project.slug}/${component.slug}/cs/`, admin.auth).expect(200)).body.component.name).toBe('Renamed component');
  });

  it('lists an add-on installed in the database among the component add-ons', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    expect((await twice(`/api/components/${project.slug}/${component.slug}/`, admin.auth)).body.addons).toEqual([]);
    const [{ id }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO addons (name, component_id, configuration) VALUES ('weblate.gettext.linguas', $1, '{}') RETURNING id`,
      [component.id],
    );
    const { body } = await get(`/api/components/${project.slug}/${component.slug}/`, admin.auth).expect(200);
    expect(body.addons).toEqual([expect.stringMatching(new RegExp(`/api/addons/${id}/$`))]);
  });

  it('finds a component under the new path of a category renamed in the database, and no longer under the old one', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const [{ id }]: { id: number }[] = await t.dataSource.query(
      `INSERT INTO categories (project_id, name, slug) VALUES ($1, 'Docs', 'docs') RETURNING id`,
      [project.id],
    );
    await t.dataSource.query('UPDATE components SET category_id = $2 WHERE id = $1', [component.id, id]);
    await twice(`/api/components/${project.slug}/docs%252F${component.slug}/`, admin.auth);
    await t.dataSource.query(`UPDATE categories SET slug = 'guides' WHERE id = $1`, [id]);
    await get(`/api/components/${project.slug}/docs%252F${component.slug}/`, admin.auth).expect(404);
    await get(`/api/components/${project.slug}/guides%252F${component.slug}/`, admin.auth).expect(200);
  });

  it('shows a language renamed in the database in a translation and its statistics', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    await createTranslation(t, component, 'sk');
    const statistics = `/api/translations/${project.slug}/${component.slug}/sk/statistics/`;
    expect((await twice(statistics, admin.auth)).body.name).toBe('Slovak');
    await t.dataSource.query(`UPDATE languages SET name = 'Slovenčina' WHERE code = 'sk'`);
    expect((await get(statistics, admin.auth).expect(200)).body.name).toBe('Slovenčina');
    expect((await get(`/api/translations/${project.slug}/${component.slug}/sk/`, admin.auth).expect(200)).body.language.name).toBe('Slovenčina');
  });

  it('keeps the caches when a write leaves a component as it was (a pull clearing a merge failure already clear)', async () => {
    const project = await createProject(t);
    const component = await createComponent(t, project);
    const generation = async () => ((await t.dataSource.query('SELECT value FROM access_generation')) as { value: string }[])[0].value;
    const before = await generation();
    await t.dataSource.query(`UPDATE components SET merge_failure = '' WHERE id = $1`, [component.id]);
    expect(await generation()).toBe(before);
    await t.dataSource.query(`UPDATE components SET merge_failure = 'conflict' WHERE id = $1`, [component.id]);
    expect(BigInt(await generation())).toBeGreaterThan(BigInt(before));
  });
});
