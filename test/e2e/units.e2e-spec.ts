import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { GitHttpServer } from '../support/git-http-server';
import { TestApp } from '../support/test-app';

const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n';
const CS_PO = `${HEADER}
#: src/app.c:1
msgid "Hello world"
msgstr ""

msgid "Good bye"
msgstr "Nashle"

msgid "One file"
msgid_plural "%d files"
msgstr[0] ""
msgstr[1] ""
msgstr[2] ""
`;

describe('units', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  async function setUp(name: string) {
    const { project } = await createGitComponent(env, name, { 'po/cs.po': CS_PO }, { filemask: 'po/*.po', file_format: 'po', manage_units: true });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const units = (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results;
    const byContext = (source: string) => units.find((unit: { source: string[] }) => unit.source[0] === source);
    return { project, translation, units, byContext, name };
  }

  const statistics = async (translation: string) => (await t.http().get(`${translation}statistics/`).set('Authorization', admin.auth).expect(200)).body;

  it('reads the strings of the files into units with their state, location and source unit', async () => {
    const { units, byContext, project } = await setUp('read');
    expect(units.map((unit: { source: string[] }) => unit.source)).toEqual([['Hello world'], ['Good bye'], ['One file', '%d files']]);
    expect(byContext('Hello world')).toMatchObject({ target: [''], state: 0, translated: false, location: 'src/app.c:1', position: 1, pending: false });
    expect(byContext('Good bye')).toMatchObject({ target: ['Nashle'], state: 20, translated: true });
    const source = await t.http().get(new URL(byContext('Good bye').source_unit).pathname).set('Authorization', admin.auth).expect(200);
    expect(source.body).toMatchObject({ source: ['Good bye'], target: ['Good bye'], state: 100, language_code: 'en' });
    // As Weblate's API: no ETag, whose hash of every body would cost each answer.
    expect(source.headers.etag).toBeUndefined();
    const stats = await statistics(`/api/translations/${project.slug}/app/cs/`);
    expect(stats).toMatchObject({ total: 3, translated: 1, translated_words: 2, total_words: 8 });
  });

  it('sums the statistics of a category over its components and those of its subcategories', async () => {
    const { project } = await setUp('category');
    const [parent] = await t.dataSource.query(`INSERT INTO categories (project_id, name, slug) VALUES ($1, 'Docs', 'docs') RETURNING id`, [project.id]);
    const [child] = await t.dataSource.query(`INSERT INTO categories (project_id, category_id, name, slug) VALUES ($1, $2, 'Guides', 'guides') RETURNING id`, [project.id, parent.id]);
    await t.dataSource.query('UPDATE components SET category_id = $2 WHERE project_id = $1', [project.id, child.id]);
    const res = await t.http().get(`/api/categories/${parent.id}/statistics/`).set('Authorization', admin.auth).expect(200);
    expect(res.body).toMatchObject({ name: 'Docs', total: 3, translated: 1, translated_words: 2, total_words: 8, translated_percent: 33.3 });
    expect(res.body.url).toContain(`/api/categories/${parent.id}/`);
  });

  it('saves an edit: statistics move by exactly that string, the change is logged, commit writes only it', async () => {
    const { translation, byContext, name } = await setUp('edit');
    const before = await statistics(translation);
    const unit = byContext('Hello world');
    const res = await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Ahoj světe'], state: 20 }).expect(200);
    expect(res.body).toMatchObject({ target: ['Ahoj světe'], state: 20, translated: true, pending: true });
    const after = await statistics(translation);
    expect(after.translated - before.translated).toBe(1);
    expect(after.translated_words - before.translated_words).toBe(2);
    expect(after.total).toBe(before.total);
    const changes = await t.http().get(`${translation}changes/`).set('Authorization', admin.auth).expect(200);
    expect(changes.body.results[0]).toMatchObject({ action: 5, target: 'Ahoj světe' });
    expect(changes.body.results[0].unit).toContain(`/api/units/${unit.id}/`);

    // Downloads include the edit before it is committed, in the file's own format and converted.
    const download = await t.http().get(`${translation}file/`).set('Authorization', admin.auth).expect(200);
    expect(download.text).toBe(CS_PO.replace('msgid "Hello world"\nmsgstr ""', 'msgid "Hello world"\nmsgstr "Ahoj světe"'));
    const csv = await t.http().get(`${translation}file/?format=csv`).set('Authorization', admin.auth).expect(200);
    expect(csv.text).toContain('Ahoj světe');
    const repository = translation.replace('/api/translations/', '/api/components/').replace(/cs\/$/, 'repository/');
    expect((await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200)).body).toEqual({ result: true });
    const [head] = await git.log(name);
    expect(head).toMatchObject({ authorName: 'Ada Admin', authorEmail: 'ada@example.com' });
    expect(head.message).toContain('Czech');
    // Weblate's default message, its URL absolute (the request's host: no SITE_URL here) and its counts as committed.
    const project = translation.split('/')[3];
    expect(head.message).toContain(`Translation: Project ${project}/App\nLanguage: cs\nProgress: 66.7% (2 of 3 strings)\nTranslate-URL: http://127.0.0.1:`);
    expect(head.message).toMatch(new RegExp(`Translate-URL: http://127\\.0\\.0\\.1:\\d+/projects/${project}/app/cs/\\n?$`));
    // The commit also records itself in the header: revision date, last translator and generator.
    const committed = await git.readFile(name, 'po/cs.po');
    const revisionDate = /"PO-Revision-Date: (\d{4}-\d\d-\d\d \d\d:\d\d\+0000)\\n"/.exec(committed)?.[1];
    expect(Date.now() - Date.parse(revisionDate!.replace(' ', 'T').replace('+0000', 'Z'))).toBeLessThan(5 * 60_000);
    const header = `"PO-Revision-Date: ${revisionDate}\\n"\n"Last-Translator: Ada Admin <ada@example.com>\\n"\n"X-Generator: Weblate-compatible server\\n"\n`;
    expect(committed).toBe(CS_PO.replace('\n\n', `\n${header}\n`).replace('msgid "Hello world"\nmsgstr ""', 'msgid "Hello world"\nmsgstr "Ahoj světe"'));
    const saved = await t.http().get(`/api/units/${unit.id}/`).set('Authorization', admin.auth).expect(200);
    expect(saved.body.pending).toBe(false);
  });

  it('keeps every concurrent edit of one unit in the log and the statistics exact', async () => {
    const { translation, byContext } = await setUp('concurrent');
    const unit = byContext('Hello world');
    const targets = ['A', 'B', 'C', 'D', 'E'];
    await Promise.all(targets.map((target) => t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: [target], state: 20 }).expect(200)));
    const changes = await t.http().get(`${translation}changes/?action=5&action=2`).set('Authorization', admin.auth).expect(200);
    expect(changes.body.count).toBe(5);
    const stats = await statistics(translation);
    const [{ translated }] = await t.dataSource.query('SELECT count(*)::int AS translated FROM units u JOIN translations t ON t.id = u.translation_id WHERE t.language_code = $1 AND u.state >= 20 AND t.component_id = (SELECT component_id FROM translations WHERE id = (SELECT translation_id FROM units WHERE id = $2))', ['cs', unit.id]);
    expect(stats.translated).toBe(translated);
    expect(stats.translated).toBe(2);
  });

  it('refuses invalid writes with a detail', async () => {
    const { byContext } = await setUp('invalid');
    const unit = byContext('Hello world');
    const patch = (body: object) => t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send(body);
    expect((await patch({ target: ['x'] }).expect(400)).body.errors[0]).toMatchObject({ attr: 'state' });
    expect((await patch({ target: ['x'], state: 0 }).expect(400)).body.errors[0]).toMatchObject({ attr: 'state' });
    expect((await patch({ target: [''], state: 20 }).expect(400)).body.errors[0]).toMatchObject({ attr: 'state' });
    expect((await patch({ target: ['x'], state: 7 }).expect(400)).body.errors[0]).toMatchObject({ attr: 'state' });
    // Wrong types are reported by field, with DRF's codes and messages, before anything is looked at.
    const wrongTypes = await patch({ target: [1], state: 'translated', explanation: 3, labels: ['red'] }).expect(400);
    expect(wrongTypes.body.errors).toEqual(
      expect.arrayContaining([
        { code: 'invalid', detail: 'Expected a list of strings.', attr: 'target' },
        { code: 'invalid_choice', detail: '"translated" is not a valid choice.', attr: 'state' },
        { code: 'invalid', detail: 'Not a valid string.', attr: 'explanation' },
        { code: 'invalid', detail: 'Expected a list of label ids.', attr: 'labels' },
      ]),
    );
    expect((await patch({ target: null, state: 20 }).expect(400)).body.errors[0]).toEqual({ code: 'null', detail: 'This field may not be null.', attr: 'target' });
    // A form field holding one string is a list of one form.
    await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).type('form').send({ target: 'Ahoj světe', state: '20' }).expect(200);
    const plural = byContext('One file');
    expect((await t.http().patch(`/api/units/${plural.id}/`).set('Authorization', admin.auth).send({ target: ['a', 'b'], state: 20 }).expect(400)).body.errors[0]).toMatchObject({ attr: 'target' });
    await t.http().patch(`/api/units/${plural.id}/`).set('Authorization', admin.auth).send({ target: ['soubor', 'soubory', 'souborů'], state: 20 }).expect(200);
    const source = new URL(unit.source_unit).pathname;
    expect((await t.http().patch(source).set('Authorization', admin.auth).send({ target: ['x'], state: 20 }).expect(403)).body.detail).toBeTruthy();
    expect((await patch({ explanation: 'x' }).expect(403)).body.detail).toContain('source strings');
    await t.http().patch(source).set('Authorization', admin.auth).send({ explanation: 'Shown on the start page' }).expect(200);
    await t.http().get('/api/units/999999/').set('Authorization', admin.auth).expect(404);
  });

  it("shows the labels set on a source string, by name, on it and on each of its translations' strings", async () => {
    const { byContext, project } = await setUp('labels');
    const call = (method: 'get' | 'post' | 'patch', path: string) => t.http()[method](path).set('Authorization', admin.auth);
    const label = async (name: string, color: string) => (await call('post', `/api/projects/${project.slug}/labels/`).send({ name, color }).expect(201)).body;
    const urgent = await label('Urgent', 'red');
    const copy = await label('Copy', 'blue');
    const unit = byContext('Good bye');
    const source = new URL(unit.source_unit).pathname;
    expect((await call('get', `/api/units/${unit.id}/`).expect(200)).body.labels).toEqual([]);
    const set = await call('patch', source).send({ labels: [urgent.id, copy.id] }).expect(200);
    const expected = [
      { id: copy.id, name: 'Copy', description: '', color: 'blue' },
      { id: urgent.id, name: 'Urgent', description: '', color: 'red' },
    ];
    expect(set.body.labels).toEqual(expected);
    expect((await call('get', source).expect(200)).body.labels).toEqual(expected);
    expect((await call('get', `/api/units/${unit.id}/`).expect(200)).body.labels).toEqual(expected);
    // An edit of the translation answers with the labels too.
    expect((await call('patch', `/api/units/${unit.id}/`).send({ target: ['Sbohem'], state: 20 }).expect(200)).body.labels).toEqual(expected);
  });

  it('refuses a form longer than 262 144 characters (a 5 MB target) with 400, keeping the stored string', async () => {
    const { byContext, translation } = await setUp('oversized');
    const plural = byContext('One file');
    const huge = 'x'.repeat(5 * 1024 * 1024);
    const res = await t.http().patch(`/api/units/${plural.id}/`).set('Authorization', admin.auth).send({ target: ['soubor', huge, 'souborů'], state: 20 }).expect(400);
    expect(res.body.errors).toEqual([{ code: 'max_length', detail: 'Ensure each form has no more than 262144 characters.', attr: 'target' }]);
    const created = await t.http().post(`${translation}units/`).set('Authorization', admin.auth).send({ source: ['x'.repeat(256 * 1024 + 1)], target: ['y'] }).expect(400);
    expect(created.body.errors).toEqual([expect.objectContaining({ code: 'max_length', attr: 'source' })]);
    const stored = (await t.http().get(`/api/units/${plural.id}/`).set('Authorization', admin.auth).expect(200)).body;
    expect(stored).toMatchObject({ target: ['', '', ''], state: 0 });
    // At the limit a form is still a string like any other.
    const atLimit = 'z'.repeat(256 * 1024);
    await t.http().patch(`/api/units/${plural.id}/`).set('Authorization', admin.auth).send({ target: ['soubor', atLimit, 'souborů'], state: 20 }).expect(200);
  });

  it('hides units of private projects from other users', async () => {
    const { byContext, project } = await setUp('private');
    await t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [project.id]);
    const stranger = await createUser(t);
    await t.http().get(`/api/units/${byContext('Good bye').id}/`).set('Authorization', stranger.auth).expect(404);
    const list = await t.http().get(`/api/units/?q=${encodeURIComponent(`project:${project.slug}`)}`).set('Authorization', stranger.auth).expect(200);
    expect(list.body.count).toBe(0);
    await t.http().patch(`/api/units/${byContext('Good bye').id}/`).send({ target: ['x'], state: 20 }).expect(404);
  });

  it('searches with q', async () => {
    const { translation, byContext, project } = await setUp('search');
    const ids = async (q: string) =>
      (await t.http().get(`${translation}units/?q=${encodeURIComponent(q)}`).set('Authorization', admin.auth).expect(200)).body.results.map((unit: { id: number }) => unit.id);
    expect(await ids('state:translated')).toEqual([byContext('Good bye').id]);
    expect(await ids('state:<translated')).toEqual([byContext('Hello world').id, byContext('One file').id]);
    expect(await ids('source:world')).toEqual([byContext('Hello world').id]);
    expect(await ids('has:plural')).toEqual([byContext('One file').id]);
    expect(await ids('location:app.c OR target:Nashle')).toEqual([byContext('Hello world').id, byContext('Good bye').id]);
    expect(await ids('NOT is:untranslated')).toEqual([byContext('Good bye').id]);
    const global = await t.http().get(`/api/units/?q=${encodeURIComponent(`project:${project.slug} AND language:cs AND bye`)}`).set('Authorization', admin.auth).expect(200);
    expect(global.body.results.map((unit: { id: number }) => unit.id)).toEqual([byContext('Good bye').id]);
    const error = await t.http().get(`${translation}units/?q=${encodeURIComponent('state:(translated')}`).set('Authorization', admin.auth).expect(400);
    expect(error.body.errors[0]).toMatchObject({ attr: 'q' });
    expect(error.body.detail).toMatch(/Could not parse query string/);
  });

  it('adds a string and deletes one, writing both to the file at the next commit', async () => {
    const { translation, byContext, name } = await setUp('add');
    const created = await t.http().post(`${translation}units/`).set('Authorization', admin.auth)
      .send({ source: 'New string', target: 'Nový řetězec', state: 20 }).expect(200);
    expect(created.body.unit).toMatchObject({ source: ['New string'], target: ['Nový řetězec'], state: 20 });
    await t.http().post(`${translation}units/`).set('Authorization', admin.auth).send({ source: 'New string', target: 'x' }).expect(400);
    await t.http().delete(`/api/units/${byContext('Good bye').id}/`).set('Authorization', admin.auth).expect(204);
    expect((await statistics(translation)).total).toBe(3);
    const repository = translation.replace('/api/translations/', '/api/components/').replace(/cs\/$/, 'repository/');
    await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    const file = await git.readFile(name, 'po/cs.po');
    expect(file).toContain('msgid "New string"\nmsgstr "Nový řetězec"');
    expect(file).not.toContain('Good bye');
  });

  it('runs quality checks on import and on save, and enforced checks make a failing string need editing', async () => {
    const { translation, byContext, project } = await setUp('checks');
    const unit = byContext('Good bye');
    // A trailing space the source does not have fails end_space.
    const saved = await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Nashle '], state: 20 }).expect(200);
    expect(saved.body.has_failing_check).toBe(true);
    expect((await statistics(translation)).failing).toBe(1);
    const failing = await t.http().get(`${translation}units/?q=${encodeURIComponent('check:end_space')}`).set('Authorization', admin.auth).expect(200);
    expect(failing.body.results.map((found: { id: number }) => found.id)).toEqual([unit.id]);
    await t.http().patch(`/api/components/${project.slug}/app/`).set('Authorization', admin.auth).send({ enforced_checks: ['end_space'] }).expect(200);
    const enforced = await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Nashledanou '], state: 20 }).expect(200);
    expect(enforced.body).toMatchObject({ state: 10, fuzzy: true, has_failing_check: true });
    const fixed = await t.http().patch(`/api/units/${unit.id}/`).set('Authorization', admin.auth).send({ target: ['Nashledanou'], state: 20 }).expect(200);
    expect(fixed.body).toMatchObject({ state: 20, has_failing_check: false });
    expect((await statistics(translation)).failing).toBe(0);
  });

  it('propagates an edit to the same string in other components of the project', async () => {
    const url = await git.createBareRepo('propagate', { 'po/cs.po': CS_PO });
    const project = await createProject(t);
    for (const slug of ['one', 'two']) {
      await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
        .send({ name: slug, slug, repo: url, filemask: 'po/*.po', file_format: 'po', disable_autoshare: true }).expect(201);
    }
    await t.drainTasks();
    const unitOf = async (component: string) =>
      (await t.http().get(`/api/translations/${project.slug}/${component}/cs/units/?q=${encodeURIComponent('source:="Hello world"')}`).set('Authorization', admin.auth).expect(200)).body.results[0];
    await t.http().patch(`/api/units/${(await unitOf('one')).id}/`).set('Authorization', admin.auth).send({ target: ['Ahoj'], state: 20 }).expect(200);
    expect(await unitOf('two')).toMatchObject({ target: ['Ahoj'], state: 20, pending: true });
    const changes = await t.http().get(`/api/translations/${project.slug}/two/cs/changes/?action=77`).set('Authorization', admin.auth).expect(200);
    expect(changes.body.count).toBe(1);
    expect((await statistics(`/api/translations/${project.slug}/two/cs/`)).translated).toBe(2);
  });

  it('re-reads strings changed upstream when pulling', async () => {
    const { translation, byContext, name } = await setUp('pull');
    await git.commitToBare(name, { 'po/cs.po': CS_PO.replace('msgid "Hello world"\nmsgstr ""', 'msgid "Hello world"\nmsgstr "Ahoj z gitu"') }, 'Upstream translation');
    const repository = translation.replace('/api/translations/', '/api/components/').replace(/cs\/$/, 'repository/');
    expect((await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'pull' }).expect(200)).body).toEqual({ result: true });
    const unit = await t.http().get(`/api/units/${byContext('Hello world').id}/`).set('Authorization', admin.auth).expect(200);
    expect(unit.body).toMatchObject({ target: ['Ahoj z gitu'], state: 20, pending: false });
    expect((await statistics(translation)).translated).toBe(2);
  });
});
