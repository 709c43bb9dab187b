import JSZip from 'jszip';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

const STRINGS = 100_000;
const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n';
const catalog = (target: (index: number) => string, language = 'cs') => {
  const parts = [`${HEADER}${language ? `"Language: ${language}\\n"\n` : ''}`];
  for (let index = 0; index < STRINGS; index += 1) parts.push(`\nmsgid "String number ${index}"\nmsgstr "${target(index)}"\n`);
  return parts.join('');
};

describe('100k-string translations', () => {
  let t: TestApp;
  let admin: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
  });

  afterAll(() => t.close());

  it('accepts every string, written set-based in batches, with statistics equal to a recount of the units', async () => {
    const project = await createProject(t);
    const zip = await new JSZip().file('po/cs.po', catalog(() => '')).generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .field({ name: 'Big', slug: 'big', filemask: 'po/*.po', file_format: 'po' }).attach('zipfile', zip, 'big.zip').expect(201);
    await t.drainTasks();
    const translation = `/api/translations/${project.slug}/big/cs/`;
    // Every third string stays untranslated, so the counts cannot be right by accident.
    const upload = catalog((index) => (index % 3 === 0 ? '' : `Řetězec ${index}`));
    const res = await t.http().post(`${translation}file/`).set('Authorization', admin.auth).attach('file', Buffer.from(upload), 'cs.po').expect(200);
    const translated = STRINGS - Math.ceil(STRINGS / 3);
    expect(res.body).toEqual({ not_found: 0, skipped: STRINGS - translated, accepted: translated, total: STRINGS, result: true, count: STRINGS });

    const stats = (await t.http().get(`${translation}statistics/`).set('Authorization', admin.auth).expect(200)).body;
    const [recount] = await t.dataSource.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE u.state >= 20)::int AS translated,
         coalesce(sum(u.num_words) FILTER (WHERE u.state >= 20), 0)::int AS translated_words, sum(u.num_words)::int AS total_words
       FROM units u JOIN translations t ON t.id = u.translation_id JOIN components c ON c.id = t.component_id
       WHERE c.project_id = $1 AND t.language_code = 'cs'`,
      [project.id],
    );
    expect(recount.translated).toBe(translated);
    expect(stats).toMatchObject(recount);

    // One change per string written, in the file's order, each with the text it replaced (written in batches).
    const [log] = await t.dataSource.query(
      `SELECT count(*)::int AS changes, bool_and(ordered) AS ordered, bool_and(ch.target = array_to_string(u.target, E'\\n') AND ch.old = '') AS texts
       FROM (SELECT ch.*, u.position > lag(u.position) OVER (ORDER BY ch.id) AS ordered FROM changes ch JOIN units u ON u.id = ch.unit_id
             WHERE ch.project_id = $1 AND ch.action = 9) ch JOIN units u ON u.id = ch.unit_id`,
      [project.id],
    );
    expect(log).toEqual({ changes: translated, ordered: true, texts: true });
  }, 120_000);

  /**
   * Creates a component from a zip of these files on the default settings (its setup task runs in this process),
   * once the units table has statistics, as autovacuum gathers them on a live server: the planner then knows
   * the table, but not the translations the import is filling.
   */
  const createComponent = async (slug: string, files: Record<string, string>) => {
    await t.dataSource.query('ANALYZE units');
    const project = await createProject(t);
    const zip = new JSZip();
    for (const [path, content] of Object.entries(files)) zip.file(path, content);
    const res = await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .field({ name: slug, slug, filemask: 'po/*.po', new_base: 'po/messages.pot', file_format: 'po' })
      .attach('zipfile', await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), `${slug}.zip`).expect(201);
    await t.drainTasks();
    const task = (await t.http().get(new URL(res.body.task_url).pathname).expect(200)).body;
    const statistics = (path: string) => t.http().get(`/api/translations/${project.slug}/${slug}/${path}/statistics/`).set('Authorization', admin.auth);
    return { task, statistics };
  };

  it('creates a component from a 100k-string PO and its POT', async () => {
    const po = catalog((index) => (index % 3 === 0 ? '' : `Řetězec ${index}`));
    const { task, statistics } = await createComponent('with-pot', { 'po/cs.po': po, 'po/messages.pot': catalog(() => '', '') });
    expect(task).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    expect((await statistics('cs').expect(200)).body).toMatchObject({ total: STRINGS, translated: STRINGS - Math.ceil(STRINGS / 3) });
    expect((await statistics('en').expect(200)).body).toMatchObject({ total: STRINGS, translated: STRINGS });
    // The import gathered the planner's statistics of the units it filled, not waiting for autovacuum to.
    const [units] = await t.dataSource.query("SELECT reltuples FROM pg_class WHERE oid = 'units'::regclass");
    expect(units.reltuples).toBeGreaterThanOrEqual(2 * STRINGS);
  }, 120_000);

  it('creates a component from a 100k-string PO whose strings are all untranslated', async () => {
    const { task, statistics } = await createComponent('untranslated', { 'po/cs.po': catalog(() => ''), 'po/messages.pot': catalog(() => '', '') });
    expect(task).toMatchObject({ completed: true, result: { translations: ['cs'] } });
    expect((await statistics('cs').expect(200)).body).toMatchObject({ total: STRINGS, translated: 0 });
  }, 120_000);
});
