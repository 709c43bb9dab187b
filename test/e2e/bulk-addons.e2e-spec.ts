import { ChangeAction } from '../../src/changes/change-actions';
import { deliverUntil } from '../support/deliver-until';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

type Change = { action: number; target: string; old: string; unit: string | null; component: string | null; details: Record<string, unknown> };
type UnitBody = { id: number; context: string; source: string[]; target: string[]; state: number; extra_flags: string; labels: { name: string }[]; source_unit: string };

const po = (language: string, entries: Record<string, string>) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n` +
  Object.entries(entries).map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`).join('\n');
const json = (entries: Record<string, string>) => `${JSON.stringify(entries, null, 2)}\n`;

describe('add-ons that add languages, bulk edit strings and generate pseudolocales', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  const api = (method: 'get' | 'post' | 'patch', path: string) => env.t.http()[method](path).set('Authorization', env.admin.auth);
  const get = async <T>(path: string): Promise<T> => (await api('get', path).expect(200)).body as T;
  const changesOf = async (action: ChangeAction) => (await get<{ results: Change[] }>(`/api/changes/?action=${action}&page_size=1000`)).results;
  const byAddon = async (action: ChangeAction, addonId: number) => (await changesOf(action)).filter((change) => change.details.addon_id === addonId);
  const install = async (path: string, name: string, configuration: Record<string, unknown> = {}) =>
    (await api('post', path).send({ name, configuration }).expect(201)).body as { id: number };
  const trigger = async (addonId: number) => {
    const { body } = await api('post', `/api/addons/${addonId}/trigger/`).expect(202);
    await env.t.drainTasks();
    return get<{ completed: boolean; result: { result: boolean; changed: number } }>(new URL(body.url as string).pathname);
  };
  const languagesOf = async (project: string, component: string) =>
    (await get<{ results: { language_code: string }[] }>(`/api/components/${project}/${component}/translations/`)).results.map((t) => t.language_code).sort();
  const unitsOf = async (project: string, language: string) => (await get<{ results: UnitBody[] }>(`/api/translations/${project}/app/${language}/units/`)).results;

  it('weblate.consistency.languages adds a language added to one component to the others that take new languages, and converges', async () => {
    const { t, git } = env;
    const { project } = await createGitComponent(env, 'consistency-app', { 'po/cs.po': po('cs', { Hello: 'Ahoj' }), 'po/app.pot': po('en', { Hello: '' }) }, {
      filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot',
    });
    const addComponent = async (slug: string, newLang: string) => {
      const url = await git.createBareRepo(`consistency-${slug}`, { 'po/cs.po': po('cs', { Bye: 'Nashle' }), 'po/app.pot': po('en', { Bye: '' }) });
      await api('post', `/api/projects/${project.slug}/components/`)
        .send({ name: slug, slug, repo: url, filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot', new_lang: newLang }).expect(201);
      await t.drainTasks();
    };
    await addComponent('docs', 'add');
    await addComponent('closed', 'contact');
    const addon = await install(`/api/projects/${project.slug}/addons/`, 'weblate.consistency.languages');
    await t.deliverEvents();

    await api('post', `/api/components/${project.slug}/app/translations/`).send({ language_code: 'de' }).expect(201);
    const added = () => byAddon(ChangeAction.AddedLanguage, addon.id);
    await deliverUntil(t, async () => {
      await t.drainTasks();
      return (await added()).length > 0;
    });

    expect(await languagesOf(project.slug, 'docs')).toEqual(['cs', 'de', 'en']);
    // new_lang "contact": nobody but component editors adds languages there, and the add-on's is no editor.
    expect(await languagesOf(project.slug, 'closed')).toEqual(['cs', 'en']);
    expect(await added()).toEqual([expect.objectContaining({ target: 'de', component: expect.stringContaining('/docs/'), details: { addon: 'weblate.consistency.languages', addon_id: addon.id } })]);
    // The file is the new_base's, committed as the API's add is; it reaches upstream with the next push.
    await api('post', `/api/components/${project.slug}/docs/repository/`).send({ operation: 'push' }).expect(200);
    expect(await git.readFile('consistency-docs', 'po/de.po')).toContain('msgid "Bye"');
    const [commit] = await git.log('consistency-docs');
    expect(commit.message).toMatch(/^chore\(l10n\): add German translation/);
    expect(commit).toMatchObject({ authorName: 'Weblate', authorEmail: 'noreply@weblate.org' });

    // Its own additions are not followed: the docs' new language queues nothing more, and nothing more is added.
    await t.deliverEvents();
    await t.drainTasks();
    expect(await t.dataSource.query(`SELECT count(*)::int AS count FROM tasks WHERE name = 'addon.languages'`)).toEqual([{ count: 1 }]);
    expect(await changesOf(ChangeAction.AddedLanguage)).toHaveLength(2);

    // The daily run (here its manual trigger) brings every language of the project everywhere it can go.
    await git.commitToBare('consistency-docs', { 'po/cs.po': po('cs', { Bye: 'Nashle' }), 'po/app.pot': po('en', { Bye: '' }), 'po/fr.po': po('fr', { Bye: 'Salut' }) }, 'French');
    await api('post', `/api/components/${project.slug}/docs/repository/`).send({ operation: 'pull' }).expect(200);
    expect(await trigger(addon.id)).toMatchObject({ completed: true, result: { result: true, changed: 1 } });
    expect(await languagesOf(project.slug, 'app')).toEqual(['cs', 'de', 'en', 'fr']);
    expect(await languagesOf(project.slug, 'closed')).toEqual(['cs', 'en']);
  });

  it('weblate.flags.bulk sets the state, flags and labels of the strings its search finds, on a trigger and after an update', async () => {
    const { t, git } = env;
    const { project } = await createGitComponent(env, 'bulk', { 'en.json': json({ hello: 'Hello', bye: 'Bye' }), 'cs.json': json({ hello: 'Ahoj', bye: 'Nashle' }) }, {
      filemask: '*.json', template: 'en.json', file_format: 'json',
    });
    for (const name of ['ui', 'legacy']) await api('post', `/api/projects/${project.slug}/labels/`).send({ name, color: 'navy' }).expect(201);
    const addons = `/api/components/${project.slug}/app/addons/`;
    const refused = await api('post', addons).send({ name: 'weblate.flags.bulk', configuration: { q: 'source:(', add_labels: ['nope'] } }).expect(400);
    expect(refused.body.errors).toEqual([
      { code: 'invalid', attr: 'configuration', detail: 'Error in add_labels: Select a valid choice. nope is not one of the available choices.' },
      { code: 'invalid', attr: 'configuration', detail: expect.stringMatching(/^Error in q: Could not parse query string/) },
    ]);
    await api('post', addons).send({ name: 'weblate.flags.bulk', configuration: { q: 'language:cs', state: 0 } }).expect(400);

    const [hello] = (await unitsOf(project.slug, 'en')).filter((unit) => unit.context === 'hello');
    await api('patch', `/api/units/${hello.id}/`).send({ extra_flags: 'max-length:10', labels: [] }).expect(200);
    const bulk = await install(addons, 'weblate.flags.bulk', {
      q: 'language:cs AND source:Hello', state: 10, add_flags: 'max-length:80, ignore-same', remove_flags: '', add_labels: ['ui'], remove_labels: ['legacy'],
    });
    await t.deliverEvents();
    expect(await trigger(bulk.id)).toMatchObject({ completed: true, result: { result: true, changed: 3 } });

    const state = (units: UnitBody[]) => Object.fromEntries(units.map((unit) => [unit.context, unit.state]));
    expect(state(await unitsOf(project.slug, 'cs'))).toEqual({ hello: 10, bye: 20 });
    const source = await get<UnitBody>(`/api/units/${hello.id}/`);
    expect(source).toMatchObject({ extra_flags: 'max-length:80, ignore-same', labels: [expect.objectContaining({ name: 'ui' })] });
    expect(await byAddon(ChangeAction.BulkEdit, bulk.id)).toEqual([expect.objectContaining({ target: 'Ahoj' })]);
    expect(await byAddon(ChangeAction.ExtraFlags, bulk.id)).toEqual([expect.objectContaining({ target: 'max-length:80, ignore-same', old: 'max-length:10' })]);
    expect(await byAddon(ChangeAction.LabelAdd, bulk.id)).toEqual([expect.objectContaining({ target: 'ui', unit: expect.stringContaining(`/api/units/${hello.id}/`) })]);

    // A second run finds nothing left to change.
    expect(await trigger(bulk.id)).toMatchObject({ result: { result: true, changed: 0 } });

    // After an update from upstream, the strings it brings are edited too.
    await git.commitToBare('bulk', { 'en.json': json({ hello: 'Hello', bye: 'Bye', greet: 'Hello there' }), 'cs.json': json({ hello: 'Ahoj', bye: 'Nashle', greet: 'Zdravím' }) }, 'Greeting');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await deliverUntil(t, async () => (await byAddon(ChangeAction.BulkEdit, bulk.id)).length > 1);
    expect(state(await unitsOf(project.slug, 'cs'))).toEqual({ hello: 10, bye: 20, greet: 10 });
  });

  it('weblate.generate.pseudolocale fills a translation with padded source strings, and refuses translations of other components', async () => {
    const { t, git } = env;
    const files = { 'po/cs.po': po('cs', { Hello: 'Ahoj', Bye: '' }), 'po/de.po': po('de', { Hello: '', Bye: 'Tschüss' }), 'po/app.pot': po('en', { Hello: '', Bye: '' }) };
    const { project } = await createGitComponent(env, 'pseudo', files, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    const idOf = async (language: string) => (await get<{ id: number }>(`/api/translations/${project.slug}/app/${language}/`)).id;
    const [en, de] = [await idOf('en'), await idOf('de')];
    const addons = `/api/components/${project.slug}/app/addons/`;

    const other = await createGitComponent(env, 'pseudo-other', { 'po/cs.po': po('cs', { Hello: 'Ahoj' }) }, { filemask: 'po/*.po', file_format: 'po' });
    const foreign = await get<{ id: number }>(`/api/translations/${other.project.slug}/app/cs/`);
    const wrong = await api('post', addons).send({ name: 'weblate.generate.pseudolocale', configuration: { source: en, target: foreign.id } }).expect(400);
    expect(wrong.body.errors).toEqual([{ code: 'invalid', attr: 'configuration', detail: 'Error in target: Select a valid choice. That choice is not one of the available choices.' }]);
    const same = await api('post', addons).send({ name: 'weblate.generate.pseudolocale', configuration: { source: de, target: de } }).expect(400);
    expect(same.body.detail).toBe('configuration: The source and target have to be different languages.');
    const projectWide = await api('post', `/api/projects/${project.slug}/addons/`).send({ name: 'weblate.generate.pseudolocale', configuration: { source: en, target: de } }).expect(400);
    expect(projectWide.body.errors).toEqual([expect.objectContaining({ attr: 'name', detail: expect.stringContaining('not compatible') })]);

    const pseudo = await install(addons, 'weblate.generate.pseudolocale', { source: en, target: de, prefix: '[', suffix: ']', var_suffix: '~', var_multiplier: 0.5 });
    await t.deliverEvents();
    const target = (units: UnitBody[]) => Object.fromEntries(units.map((unit) => [unit.source[0], [unit.target[0], unit.state]]));

    // After an update from upstream: the strings not translated yet, each padded by half its length.
    await git.commitToBare('pseudo', { ...files, 'po/de.po': po('de', { Hello: '', Bye: 'Tschüss', New: '' }), 'po/app.pot': po('en', { Hello: '', Bye: '', New: '' }) }, 'New');
    await api('post', `/api/components/${project.slug}/app/repository/`).send({ operation: 'pull' }).expect(200);
    await deliverUntil(t, async () => (await byAddon(ChangeAction.Auto, pseudo.id)).length > 1);
    expect(target(await unitsOf(project.slug, 'de'))).toEqual({ Hello: ['[Hello~~]', 20], Bye: ['Tschüss', 20], New: ['[New~]', 20] });

    // Its own runs (daily, a trigger) write every string; other translations are left alone.
    expect(await trigger(pseudo.id)).toMatchObject({ result: { result: true, changed: 1 } });
    expect(target(await unitsOf(project.slug, 'de'))).toEqual({ Hello: ['[Hello~~]', 20], Bye: ['[Bye~]', 20], New: ['[New~]', 20] });
    expect(target(await unitsOf(project.slug, 'cs'))).toEqual({ Hello: ['Ahoj', 20], Bye: ['', 0] });
    expect(await byAddon(ChangeAction.Auto, pseudo.id)).toEqual(expect.arrayContaining([
      expect.objectContaining({ target: '[Bye~]', old: 'Tschüss', details: { addon: 'weblate.generate.pseudolocale', addon_id: pseudo.id } }),
    ]));
  });
});
