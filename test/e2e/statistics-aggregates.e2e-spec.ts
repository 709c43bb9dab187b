import JSZip from 'jszip';
import { CONTENT_ACTIONS } from '../../src/changes/change-actions';
import { Project } from '../../src/projects/project.entity';
import { COUNTED_CONTENT_ACTIONS } from '../../migrations/1763780170000-count-recent-changes';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const po = (language: string, entries: [string, string][]) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n` +
  entries.map(([id, target]) => `\nmsgid "${id}"\nmsgstr "${target}"\n`).join('');

/**
 * Statistics are read from stored aggregates, never counted from strings or the change log when asked: these tests
 * compare what every statistics endpoint says with a count made here from the units and changes themselves.
 */
describe('statistics from stored aggregates', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let project: Project;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
    project = await createProject(t);
    for (const slug of ['one', 'two']) {
      const zip = new JSZip()
        .file('po/cs.po', po('cs', [['Hello', 'Ahoj'], ['World', ''], ['Bye', '']]))
        .file('po/de.po', po('de', [['Hello', ''], ['World', 'Welt'], ['Bye', '']]));
      await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
        .field({ name: slug, slug, filemask: 'po/*.po', file_format: 'po' })
        .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer' }), `${slug}.zip`).expect(201);
    }
    await t.drainTasks();
  });
  afterAll(() => t.close());

  const get = async (path: string) => (await t.http().get(path).set('Authorization', admin.auth).expect(200)).body;

  async function translate(component: string, language: string, source: string, target: string): Promise<void> {
    const units = await get(`/api/translations/${project.slug}/${component}/${language}/units/?q=${encodeURIComponent(`source:"${source}"`)}`);
    await t.http().patch(`/api/units/${units.results[0].id}/`).set('Authorization', admin.auth).send({ target: [target], state: 20 }).expect(200);
  }

  /** The translations' units and content changes of the last 30 days, counted here. */
  async function recount(where: string, params: unknown[]): Promise<{ total: number; translated: number; recent_changes: number }> {
    const [row] = await t.dataSource.query(
      `SELECT (SELECT count(*) FROM units u WHERE u.translation_id IN (SELECT tr.id ${where}))::int AS total,
              (SELECT count(*) FROM units u WHERE u.translation_id IN (SELECT tr.id ${where}) AND u.state >= 20)::int AS translated,
              (SELECT count(*) FROM changes ch WHERE ch.translation_id IN (SELECT tr.id ${where})
                 AND ch.action = ANY($${params.length + 1}::int[]) AND ch.timestamp > now() - interval '30 days')::int AS recent_changes`,
      [...params, CONTENT_ACTIONS],
    );
    return row;
  }

  const PROJECT_TRANSLATIONS = 'FROM translations tr JOIN components c ON c.id = tr.component_id WHERE c.project_id = $1 AND NOT tr.is_source';

  it('counts recent changes of every owner exactly, whatever writes the change log', async () => {
    await translate('one', 'cs', 'World', 'Svět');
    await translate('one', 'cs', 'Bye', 'Sbohem');
    await translate('two', 'de', 'Hello', 'Hallo');
    // History as it ages: one change falls out of the 30 days, one is just inside them (on the day they began, whose
    // count is split), one is a week old.
    const [{ id: oneCs }] = await t.dataSource.query(
      `SELECT tr.id FROM translations tr JOIN components c ON c.id = tr.component_id JOIN languages l ON l.id = tr.language_id
       WHERE c.project_id = $1 AND c.slug = 'one' AND l.code = 'cs'`, [project.id]);
    const ids: { id: number }[] = await t.dataSource.query('SELECT id FROM changes WHERE translation_id = $1 AND action = ANY($2::int[]) ORDER BY id', [oneCs, CONTENT_ACTIONS]);
    expect(ids.length).toBeGreaterThanOrEqual(2);
    await t.dataSource.query(`UPDATE changes SET timestamp = now() - interval '31 days' WHERE id = $1`, [ids[0].id]);
    await t.dataSource.query(`UPDATE changes SET timestamp = now() - interval '29 days 23 hours 59 minutes' WHERE id = $1`, [ids[1].id]);
    await t.dataSource.query(`INSERT INTO changes (action, translation_id, timestamp) VALUES ($1, $2, now() - interval '7 days')`, [CONTENT_ACTIONS[0], oneCs]);
    // Written without its project, on that first day too (a project's count reads that day by project).
    await t.dataSource.query(`INSERT INTO changes (action, translation_id, timestamp) VALUES ($1, $2, now() - interval '29 days 23 hours 58 minutes')`, [CONTENT_ACTIONS[0], oneCs]);

    const translation = await get(`/api/translations/${project.slug}/one/cs/statistics/`);
    expect(translation).toMatchObject(await recount('FROM translations tr WHERE tr.id = $1', [oneCs]));
    expect(translation.recent_changes).toBe(3);

    const projectStats = await get(`/api/projects/${project.slug}/statistics/`);
    expect(projectStats).toMatchObject(await recount(PROJECT_TRANSLATIONS, [project.id]));

    const components = await get(`/api/components/${project.slug}/one/statistics/`);
    for (const item of components.results) {
      const [{ id }] = await t.dataSource.query(
        `SELECT tr.id FROM translations tr JOIN components c ON c.id = tr.component_id WHERE c.project_id = $1 AND c.slug = 'one' AND tr.language_code = $2`,
        [project.id, item.code]);
      expect(item).toMatchObject(await recount('FROM translations tr WHERE tr.id = $1', [id]));
    }

    const german = await get('/api/languages/de/statistics/');
    expect(german).toMatchObject(await recount(`FROM translations tr JOIN languages l ON l.id = tr.language_id WHERE l.code = $1 AND NOT tr.is_source`, ['de']));
  });

  it('forgets the recent changes of a removed translation', async () => {
    await t.http().delete(`/api/translations/${project.slug}/two/de/`).set('Authorization', admin.auth).expect(204);
    const projectStats = await get(`/api/projects/${project.slug}/statistics/`);
    expect(projectStats).toMatchObject(await recount(PROJECT_TRANSLATIONS, [project.id]));
    const [{ count }] = await t.dataSource.query('SELECT count(*)::int AS count FROM translation_change_days d WHERE NOT EXISTS (SELECT 1 FROM translations tr WHERE tr.id = d.translation_id)');
    expect(count).toBe(0);
  });

  it('counts in the database the same content actions as the application', () => {
    expect([...COUNTED_CONTENT_ACTIONS].sort()).toEqual([...CONTENT_ACTIONS].sort());
  });
});
