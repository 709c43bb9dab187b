import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { GitHttpServer } from '../support/git-http-server';
import { createUser, UserWithToken } from '../factories/user.factory';
import { TestApp } from '../support/test-app';

const HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n';
const po = (entries: [string, string, boolean?][]) =>
  HEADER + entries.map(([source, target, fuzzy]) => `\n${fuzzy ? '#, fuzzy\n' : ''}msgid "${source}"\nmsgstr "${target}"\n`).join('');
const STORED = po([['Hello', ''], ['Good bye', 'Nashle'], ['Thanks', '']]);

describe('translation file upload', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  async function setUp(name: string) {
    const { project } = await createGitComponent(env, name, { 'po/cs.po': STORED }, { filemask: 'po/*.po', file_format: 'po', manage_units: true });
    return { project, translation: `/api/translations/${project.slug}/app/cs/`, name };
  }

  const upload = (translation: string, content: string, fields: Record<string, string> = {}, auth = admin.auth) => {
    const request = t.http().post(`${translation}file/`).set('Authorization', auth);
    for (const [key, value] of Object.entries(fields)) request.field(key, value);
    return request.attach('file', Buffer.from(content), 'cs.po');
  };
  const targets = async (translation: string) =>
    Object.fromEntries(
      (await t.http().get(`${translation}units/`).set('Authorization', admin.auth).expect(200)).body.results.map(
        (unit: { source: string[]; target: string[]; state: number; has_suggestion: boolean }) => [unit.source[0], { target: unit.target[0], state: unit.state, suggestion: unit.has_suggestion }],
      ),
    );
  const statistics = async (translation: string) => (await t.http().get(`${translation}statistics/`).set('Authorization', admin.auth).expect(200)).body;

  it('translates untranslated strings, skips translated ones and counts strings it does not know', async () => {
    const { translation } = await setUp('translate');
    const res = await upload(translation, po([['Hello', 'Ahoj'], ['Good bye', 'Sbohem'], ['Unknown', 'Neznámý']])).expect(200);
    expect(res.body).toEqual({ not_found: 1, skipped: 1, accepted: 1, total: 3, result: true, count: 3 });
    expect(await targets(translation)).toMatchObject({ Hello: { target: 'Ahoj', state: 20 }, 'Good bye': { target: 'Nashle' } });
    expect((await statistics(translation)).translated).toBe(2);
    const changes = await t.http().get(`${translation}changes/?action=9`).set('Authorization', admin.auth).expect(200);
    expect(changes.body.results.map((change: { target: string }) => change.target)).toEqual(['Ahoj']);
  });

  it('uploads a file of more strings than one written part: a repeated string is written once, and a string it does not know has the file matched whole', async () => {
    const sources = Array.from({ length: 2100 }, (_, index) => `String ${index}`);
    const { project } = await createGitComponent(env, 'parts', { 'po/cs.po': po(sources.map((source) => [source, ''])) }, { filemask: 'po/*.po', file_format: 'po' });
    const translation = `/api/translations/${project.slug}/app/cs/`;
    const uploadChanges = async () => (await t.http().get(`${translation}changes/?action=9`).set('Authorization', admin.auth).expect(200)).body.count;
    // String 0 again after the first 2000 strings, with another text: the first one is written, as in one plan.
    const repeated = po([...sources.slice(0, 2050).map((source): [string, string] => [source, `Řetězec ${source}`]), ['String 0', 'Jiný'],
      ...sources.slice(2050).map((source): [string, string] => [source, `Řetězec ${source}`])]);
    expect((await upload(translation, repeated).expect(200)).body).toEqual({ not_found: 0, skipped: 1, accepted: 2100, total: 2101, result: true, count: 2101 });
    expect((await targets(translation))['String 0']).toEqual({ target: 'Řetězec String 0', state: 20, suggestion: false });
    expect(await uploadChanges()).toBe(2100);

    // Unknown at the end, after parts were written: they are undone and the whole file is matched, each string once.
    const unknownLast = po([...sources.map((source): [string, string] => [source, `Nový ${source}`]), ['Unknown', 'Neznámý']]);
    expect((await upload(translation, unknownLast, { conflicts: 'replace-translated' }).expect(200)).body)
      .toEqual({ not_found: 1, skipped: 0, accepted: 2100, total: 2101, result: true, count: 2101 });
    expect(await uploadChanges()).toBe(4200);
    expect(await statistics(translation)).toMatchObject({ total: 2100, translated: 2100 });
    const [{ stored }] = await t.dataSource.query(
      "SELECT count(*)::int AS stored FROM units u JOIN translations tr ON tr.id = u.translation_id WHERE tr.language_code = 'cs' AND u.target[1] = 'Nový ' || u.source[1]",
    );
    expect(stored).toBe(2100);
  });

  it('overwrites translated strings with conflicts=replace-translated and handles fuzzy strings per `fuzzy`', async () => {
    const { translation } = await setUp('conflicts');
    const file = po([['Good bye', 'Sbohem'], ['Hello', 'Ahoj?', true]]);
    expect((await upload(translation, file, { conflicts: 'replace-translated' }).expect(200)).body).toMatchObject({ accepted: 1, skipped: 1 });
    expect(await targets(translation)).toMatchObject({ 'Good bye': { target: 'Sbohem' }, Hello: { target: '', state: 0 } });
    expect((await upload(translation, file, { fuzzy: 'process' }).expect(200)).body).toMatchObject({ accepted: 1 });
    // Older clients ask for the same with overwrite=yes.
    expect((await upload(translation, po([['Good bye', 'Na shledanou']]), { overwrite: 'yes' }).expect(200)).body).toMatchObject({ accepted: 1 });
    expect(await targets(translation)).toMatchObject({ 'Good bye': { target: 'Na shledanou' } });
    expect(await targets(translation)).toMatchObject({ Hello: { target: 'Ahoj?', state: 10 } });
  });

  it('imports as needing editing (method=fuzzy) or as suggestions (method=suggest)', async () => {
    const { translation } = await setUp('methods');
    await upload(translation, po([['Hello', 'Ahoj']]), { method: 'fuzzy' }).expect(200);
    expect(await targets(translation)).toMatchObject({ Hello: { target: 'Ahoj', state: 10 } });
    await upload(translation, po([['Thanks', 'Díky']]), { method: 'suggest' }).expect(200);
    expect(await targets(translation)).toMatchObject({ Thanks: { target: '', state: 0, suggestion: true } });
    expect((await statistics(translation)).suggestions).toBe(1);
  });

  it('adds the strings it does not know with method=add and writes them at the next commit', async () => {
    const { translation, name } = await setUp('add');
    const res = await upload(translation, po([['Hello', 'Ahoj'], ['Brand new', 'Zcela nový']]), { method: 'add' }).expect(200);
    expect(res.body).toMatchObject({ accepted: 2, not_found: 0, total: 2 });
    expect(await targets(translation)).toMatchObject({ 'Brand new': { target: 'Zcela nový', state: 20 } });
    expect((await statistics(translation)).total).toBe(4);
    const repository = translation.replace('/api/translations/', '/api/components/').replace(/cs\/$/, 'repository/');
    await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(await git.readFile(name, 'po/cs.po')).toContain('msgid "Brand new"\nmsgstr "Zcela nový"');
  });

  it('replaces the file in the repository with method=replace', async () => {
    const { translation, name } = await setUp('replace');
    const replaced = po([['Hello', 'Nazdar'], ['Thanks', '']]);
    expect((await upload(translation, replaced, { method: 'replace' }).expect(200)).body).toMatchObject({ accepted: 2, total: 2, result: true });
    expect(await targets(translation)).toEqual({ Hello: { target: 'Nazdar', state: 20, suggestion: false }, Thanks: { target: '', state: 0, suggestion: false } });
    const repository = translation.replace('/api/translations/', '/api/components/').replace(/cs\/$/, 'repository/');
    await t.http().post(repository).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);
    expect(await git.readFile(name, 'po/cs.po')).toBe(replaced);
    const [replacement] = await git.log(name);
    expect(replacement).toMatchObject({ authorName: 'Ada Admin' });
    // The commit message has the uploaded file's counts and an absolute link, as any other commit's.
    expect(replacement.message).toContain('Progress: 50% (1 of 2 strings)');
    expect(replacement.message).toMatch(/Translate-URL: http:\/\/127\.0\.0\.1:\d+\/projects\/[^/]+\/app\/cs\//);
  });

  it('refuses bad uploads with a detail and changes nothing', async () => {
    const { translation, project } = await setUp('refused');
    const before = await targets(translation);
    const broken = await upload(translation, 'msgid "Hello"\nmsgstr "Ahoj\n').expect(400);
    expect(broken.body.errors[0].attr).toBe('file');
    expect(broken.body.detail).toMatch(/line \d+/);
    // A plural lacking one of the forms its header declares, which msgfmt refuses: 400 naming the line, nothing imported.
    const plural = `${HEADER}"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\nmsgid "Hello"\nmsgstr "Ahoj"\n\n` +
      'msgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "Jeden soubor"\nmsgstr[1] "%d soubory"\n';
    for (const method of ['translate', 'replace']) {
      const lacking = await upload(translation, plural, { method }).expect(400);
      expect(lacking.body.errors).toEqual([{
        code: 'invalid', attr: 'file', detail: 'Could not parse the file: line 10: the plural message "One file" lacks msgstr[2] (the header declares 3 plural forms)',
      }]);
    }
    for (const method of ['translate', 'replace']) {
      const oversized = await upload(translation, po([['Hello', 'x'.repeat(256 * 1024 + 1)]]), { method }).expect(400);
      expect(oversized.body.errors).toEqual([{ code: 'invalid', attr: 'file', detail: 'The string "Hello" has a form longer than 262144 characters.' }]);
    }
    expect((await upload(translation, STORED, { method: 'steal' }).expect(400)).body.errors[0].attr).toBe('method');
    expect((await upload(translation, STORED, { conflicts: 'always' }).expect(400)).body.errors[0].attr).toBe('conflicts');
    expect((await t.http().post(`${translation}file/`).set('Authorization', admin.auth).field('method', 'translate').expect(400)).body.errors[0].attr).toBe('file');
    // A protected project is visible to everyone, but only its teams may translate.
    await t.dataSource.query('UPDATE projects SET access_control = 1 WHERE id = $1', [project.id]);
    const user = await createUser(t);
    await upload(translation, po([['Hello', 'Ahoj']]), {}, user.auth).expect(403);
    await t.http().post(`${translation}file/`).attach('file', Buffer.from(STORED), 'cs.po').expect(401);
    await t.http().post(`/api/components/${project.slug}/app/lock/`).set('Authorization', admin.auth).send({ lock: true }).expect(200);
    await upload(translation, po([['Hello', 'Ahoj']])).expect(423);
    expect(await targets(translation)).toEqual(before);
  });
});
