import { access } from 'node:fs/promises';
import { join } from 'node:path';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { GitHttpServer } from '../support/git-http-server';
import { TestApp } from '../support/test-app';

const PO = (language: string, translation = '') => `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n\nmsgid "Hello"\nmsgstr "${translation}"\n`;
const POT = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n#: app.c:1\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Bye"\nmsgstr ""\n';

describe('adding and removing translations', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  let t: TestApp;
  let git: GitHttpServer;
  let admin: UserWithToken;
  beforeAll(() => ({ t, git, admin } = env));

  async function setUp(name: string, files: Record<string, string>, settings: Record<string, unknown>) {
    const component = await createGitComponent(env, name, files, settings);
    return { ...component, translations: `/api/components/${component.project.slug}/app/translations/` };
  }

  const push = (projectSlug: string) =>
    t.http().post(`/api/components/${projectSlug}/app/repository/`).set('Authorization', admin.auth).send({ operation: 'push' }).expect(200);

  it('adds a bilingual translation from new_base, commits it with add_message and scans its strings', async () => {
    const { project, componentId, translations } = await setUp('po-add', { 'po/cs.po': PO('cs', 'Ahoj'), 'po/app.pot': POT }, {
      filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot', new_lang: 'add',
    });
    const res = await t.http().post(translations).set('Authorization', admin.auth).send({ language_code: 'fr' }).expect(201);
    expect(res.body.data).toMatchObject({ language_code: 'fr', filename: 'po/fr.po', is_source: false, total: 2, translated: 0 });
    expect(res.body.data.language.code).toBe('fr');
    expect(res.body.data).not.toHaveProperty('component');
    expect(res.body.data.url).toMatch(new RegExp(`/api/translations/${project.slug}/app/fr/$`));
    // The documented key holds the same translation.
    expect(res.body.result).toEqual(res.body.data);

    const units = await t.http().get(`/api/translations/${project.slug}/app/fr/units/`).set('Authorization', admin.auth).expect(200);
    expect(units.body.results.map((unit: { source: string[]; target: string[] }) => [unit.source[0], unit.target[0]]).sort()).toEqual([['Bye', ''], ['Hello', '']]);

    const changes = await t.dataSource.query('SELECT action, translation_id, user_id FROM changes WHERE component_id = $1 AND action = 48', [componentId]);
    expect(changes).toEqual([{ action: 48, translation_id: res.body.data.id, user_id: admin.user.id }]);

    await push(project.slug);
    const file = await git.readFile('po-add', 'po/fr.po');
    expect(file).toContain('"Language: fr\\n"');
    expect(file).toContain('msgid "Bye"');
    expect(file).toContain('#: app.c:1');
    const [head] = await git.log('po-add');
    expect(head).toMatchObject({ authorName: 'Ada Admin', authorEmail: 'ada@example.com' });
    expect(head.message).toMatch(/^chore\(l10n\): add French translation/);
    expect(head.message).toContain('Language: fr');
  });

  it('accepts a form body and makes an empty file without new_base', async () => {
    const { project, translations } = await setUp('po-empty', { 'po/cs.po': PO('cs') }, { filemask: 'po/*.po', file_format: 'po', new_lang: 'add' });
    const res = await t.http().post(translations).set('Authorization', admin.auth).type('form').send({ language_code: 'de' }).expect(201);
    expect(res.body.data).toMatchObject({ language_code: 'de', filename: 'po/de.po', total: 0 });
    await push(project.slug);
    const file = await git.readFile('po-empty', 'po/de.po');
    expect(file).toContain('"Language: de\\n"');
    expect(file).not.toContain('msgid "Hello"');
  });

  it('adds a monolingual translation as an empty file, its strings untranslated (at run time they fall back to the template)', async () => {
    const { project, translations } = await setUp('json-add', { 'json/en.json': '{\n  "hello": "Hello",\n  "bye": "Bye"\n}\n' }, {
      filemask: 'json/*.json', file_format: 'json', template: 'json/en.json', new_lang: 'add',
    });
    const res = await t.http().post(translations).set('Authorization', admin.auth).send({ language_code: 'cs' }).expect(201);
    expect(res.body.data).toMatchObject({ language_code: 'cs', filename: 'json/cs.json', total: 2, translated: 0 });
    await push(project.slug);
    expect(JSON.parse(await git.readFile('json-add', 'json/cs.json'))).toEqual({});
    const edit = await t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', admin.auth).expect(200);
    expect(edit.body.count).toBe(2);
  });

  it('refuses missing, unknown, source and existing languages with 400 on language_code', async () => {
    const { translations } = await setUp('po-refuse', { 'po/cs.po': PO('cs') }, { filemask: 'po/*.po', file_format: 'po', new_lang: 'add' });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /Missing 'language_code'/],
      [{ language_code: '' }, /Missing 'language_code'/],
      [{ language_code: 5 }, /Not a valid string/],
      [{ language_code: 'xx-nonsense' }, /No language code 'xx-nonsense' found/],
      [{ language_code: 'en' }, /used as a source language/],
      [{ language_code: 'cs' }, /already exists/],
    ];
    for (const [body, detail] of cases) {
      const res = await t.http().post(translations).set('Authorization', admin.auth).send(body).expect(400);
      expect(res.body.errors[0].attr).toBe('language_code');
      expect(res.body.errors[0].detail).toMatch(detail);
    }
  });

  it('honours new_lang: only "add" lets translators create files; component editors always can', async () => {
    const { project, translations, workDir } = await setUp('po-contact', { 'po/cs.po': PO('cs') }, { filemask: 'po/*.po', file_format: 'po', new_lang: 'contact' });
    const user = await createUser(t);
    const refused = await t.http().post(translations).set('Authorization', user.auth).send({ language_code: 'fr' }).expect(403);
    expect(refused.body.errors[0].detail).toBe('You do not have permissions to add new translation file.');
    await expect(access(join(workDir, 'po/fr.po'))).rejects.toThrow();
    await t.http().post(translations).send({ language_code: 'fr' }).expect(401);
    await t.http().post(translations).set('Authorization', admin.auth).send({ language_code: 'fr' }).expect(201);
    await t.http().get(`/api/translations/${project.slug}/app/fr/`).set('Authorization', admin.auth).expect(200);
  });

  it('removes a translation: file deleted and committed with delete_message, row and units gone, change recorded', async () => {
    const { project, componentId, workDir } = await setUp('po-remove', { 'po/cs.po': PO('cs', 'Ahoj'), 'po/de.po': PO('de', 'Hallo') }, {
      filemask: 'po/*.po', file_format: 'po',
    });
    const path = `/api/translations/${project.slug}/app/de/`;
    const user = await createUser(t);
    await t.http().delete(path).set('Authorization', user.auth).expect(403);
    await t.http().delete(path).set('Authorization', admin.auth).expect(204);
    await t.http().get(path).set('Authorization', admin.auth).expect(404);
    await expect(access(join(workDir, 'po/de.po'))).rejects.toThrow();
    const units = await t.dataSource.query(
      "SELECT count(*)::int AS n FROM units u JOIN translations tr ON tr.id = u.translation_id WHERE tr.component_id = $1 AND tr.language_code = 'de'",
      [componentId],
    );
    expect(units).toEqual([{ n: 0 }]);
    const changes = await t.dataSource.query('SELECT target, translation_id, user_id FROM changes WHERE component_id = $1 AND action = 25', [componentId]);
    expect(changes).toEqual([{ target: 'po/de.po', translation_id: null, user_id: admin.user.id }]);

    await push(project.slug);
    await expect(git.readFile('po-remove', 'po/de.po')).rejects.toThrow();
    expect(await git.readFile('po-remove', 'po/cs.po')).toContain('Ahoj');
    const [head] = await git.log('po-remove');
    expect(head.message).toMatch(/^chore\(l10n\): remove German translation/);
    expect(head).toMatchObject({ authorName: 'Ada Admin', authorEmail: 'ada@example.com' });
  });

  it('never removes the source translation', async () => {
    const { project } = await setUp('po-source', { 'po/cs.po': PO('cs') }, { filemask: 'po/*.po', file_format: 'po' });
    const res = await t.http().delete(`/api/translations/${project.slug}/app/en/`).set('Authorization', admin.auth).expect(403);
    expect(res.body.errors[0].detail).toMatch(/source language cannot be removed/);
    await t.http().get(`/api/translations/${project.slug}/app/en/`).set('Authorization', admin.auth).expect(200);
  });
});
