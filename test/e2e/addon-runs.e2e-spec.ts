import { DailyAddons } from '../../src/addons/daily-addons';
import { ChangeAction } from '../../src/changes/change-actions';
import { deliverUntil } from '../support/deliver-until';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

type Change = { action: number; target: string; unit: string | null; details: Record<string, unknown> };
type UnitBody = { id: number; context: string; source: string[]; target: string[]; state: number };

const json = (entries: Record<string, string>) => `${JSON.stringify(entries, null, 2)}\n`;
const po = (language: string, entries: Record<string, string>) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n` +
  Object.entries(entries).map(([id, text]) => `msgid "${id}"\nmsgstr "${text}"\n`).join('\n');

describe('add-ons that run', () => {
  const env = useGitTestEnv();

  const get = async <T>(path: string): Promise<T> => (await env.t.http().get(path).set('Authorization', env.admin.auth).expect(200)).body as T;
  const unitsOf = async (project: string, language: string) => (await get<{ results: UnitBody[] }>(`/api/translations/${project}/app/${language}/units/`)).results;
  const changesOf = async (action: ChangeAction) => (await get<{ results: Change[] }>(`/api/changes/?action=${action}&page_size=1000`)).results;
  const install = async (path: string, name: string, configuration: Record<string, unknown> = {}) =>
    (await env.t.http().post(path).set('Authorization', env.admin.auth).send({ name, configuration }).expect(201)).body as { id: number };
  const marked = async (addonId: number) => (await changesOf(ChangeAction.MarkedEdit)).filter((change) => change.details.addon_id === addonId);
  const pull = (project: string) => env.t.http().post(`/api/components/${project}/app/repository/`).set('Authorization', env.admin.auth).send({ operation: 'pull' }).expect(200);

  it('flags new strings from the repository as needing editing: sources (source_edit), translations (target_edit), unchanged ones (same_edit)', async () => {
    const { t } = env;
    const { project } = await createGitComponent(env, 'flags', { 'en.json': json({ hello: 'Hello' }), 'cs.json': json({ hello: 'Ahoj' }) }, {
      filemask: '*.json', template: 'en.json', file_format: 'json', edit_template: true,
    });
    const addons = `/api/components/${project.slug}/app/addons/`;
    const sourceEdit = await install(addons, 'weblate.flags.source_edit');
    const sameEdit = await install(addons, 'weblate.flags.same_edit');
    await t.deliverEvents();

    await env.git.commitToBare('flags', { 'en.json': json({ hello: 'Hello', bye: 'Bye', ok: 'OK' }), 'cs.json': json({ hello: 'Ahoj', bye: 'Nazdar', ok: 'OK' }) }, 'More strings');
    await pull(project.slug);
    await deliverUntil(t, async () => (await marked(sameEdit.id)).length > 0 && (await marked(sourceEdit.id)).length > 1);

    const state = (units: UnitBody[]) => Object.fromEntries(units.map((unit) => [unit.context, unit.state]));
    // Unchanged "OK" needs editing; the translated "Nazdar" does not (no target_edit here); the first strings stay.
    expect(state(await unitsOf(project.slug, 'cs'))).toEqual({ hello: 20, bye: 20, ok: 10 });
    expect(state(await unitsOf(project.slug, 'en'))).toEqual({ hello: 20, bye: 10, ok: 10 });
    const bySourceEdit = await marked(sourceEdit.id);
    expect(bySourceEdit).toHaveLength(2);
    expect(bySourceEdit).toContainEqual(expect.objectContaining({ target: 'Bye', details: { addon: 'weblate.flags.source_edit', addon_id: sourceEdit.id } }));

    // target_edit marks every new translated string, as the events of a later pull show.
    const targetEdit = await install(addons, 'weblate.flags.target_edit');
    await env.git.commitToBare('flags', { 'en.json': json({ hello: 'Hello', bye: 'Bye', ok: 'OK', yes: 'Yes' }), 'cs.json': json({ hello: 'Ahoj', bye: 'Nazdar', ok: 'OK', yes: 'Ano' }) }, 'Yes');
    await pull(project.slug);
    await deliverUntil(t, async () => (await marked(targetEdit.id)).length > 0);
    expect(state(await unitsOf(project.slug, 'cs'))).toEqual({ hello: 20, bye: 20, ok: 10, yes: 10 });
  });

  it('prefills strings the repository brings untranslated, and fills read-only strings with their source on a manual trigger', async () => {
    const { t } = env;
    const { project } = await createGitComponent(env, 'prefill', { 'po/cs.po': po('cs', { Hello: 'Ahoj' }) }, { filemask: 'po/*.po', file_format: 'po' });
    const prefill = await install(`/api/components/${project.slug}/app/addons/`, 'weblate.generate.prefill');
    await t.deliverEvents();
    await env.git.commitToBare('prefill', { 'po/cs.po': po('cs', { Hello: 'Ahoj', World: '' }) }, 'New string');
    await pull(project.slug);
    const prefilled = async () => (await changesOf(ChangeAction.Auto)).filter((change) => change.details.addon_id === prefill.id);
    await deliverUntil(t, async () => (await prefilled()).length > 0);

    const units = await unitsOf(project.slug, 'cs');
    expect(units.map((unit) => [unit.source[0], unit.target[0], unit.state])).toEqual([['Hello', 'Ahoj', 20], ['World', 'World', 10]]);
    const auto = await prefilled();
    expect(auto).toEqual([expect.objectContaining({ target: 'World', details: { addon: 'weblate.generate.prefill', addon_id: prefill.id } })]);
    const translation = await get<{ translated: number; fuzzy: number }>(`/api/translations/${project.slug}/app/cs/statistics/`);
    expect(translation).toMatchObject({ translated: 1, fuzzy: 1 });

    // fill_read_only has no event here: its manual trigger runs it now, as a task.
    const fill = await install(`/api/components/${project.slug}/app/addons/`, 'weblate.generate.fill_read_only');
    await t.dataSource.query(`UPDATE units SET state = 100 WHERE id = $1`, [units[0].id]);
    const triggered = await t.http().post(`/api/addons/${fill.id}/trigger/`).set('Authorization', env.admin.auth).expect(202);
    expect(triggered.body).toEqual({ detail: 'Add-on triggered.', url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]+\/$/), logs_url: triggered.body.url });
    await t.drainTasks();
    const task = await get<{ completed: boolean; result: unknown }>(new URL(triggered.body.url).pathname);
    expect(task).toMatchObject({ completed: true, result: { result: true, changed: 1 } });
    expect((await unitsOf(project.slug, 'cs'))[0]).toMatchObject({ target: ['Hello'], state: 100 });
    // Add-ons reacting to single strings or changes have no run of their own.
    const webhook = await install(`/api/components/${project.slug}/app/addons/`, 'weblate.webhook.webhook', { webhook_url: 'https://93.184.215.14/hook' });
    const refused = await t.http().post(`/api/addons/${webhook.id}/trigger/`).set('Authorization', env.admin.auth).expect(400);
    expect(refused.body.detail).toBe('Add-on weblate.webhook.webhook can not be triggered manually.');
  });

  it('removes stale comments and suggestions once a day, and records a failing run instead of dropping it', async () => {
    const { t } = env;
    const { project } = await createGitComponent(env, 'removal', { 'po/cs.po': po('cs', { Hello: 'Ahoj', World: '' }) }, { filemask: 'po/*.po', file_format: 'po' });
    const [hello, world] = await unitsOf(project.slug, 'cs');
    const note = async (table: 'comments' | 'suggestions', unitId: number, text: string, daysAgo: number) => {
      const column = table === 'comments' ? 'comment' : 'target';
      const value = table === 'comments' ? text : `{${text}}`;
      await t.dataSource.query(`INSERT INTO ${table} (unit_id, ${column}, timestamp) VALUES ($1, $2, now() - make_interval(days => $3))`, [unitId, value, daysAgo]);
      await t.dataSource.query(`UPDATE units SET ${table === 'comments' ? 'has_comment' : 'has_suggestion'} = true WHERE id = $1`, [unitId]);
    };
    await note('comments', hello.id, 'Old remark', 40);
    await note('comments', world.id, 'Fresh remark', 2);
    await note('suggestions', world.id, 'Svět', 10);
    const addons = `/api/projects/${project.slug}/addons/`;
    const comments = await install(addons, 'weblate.removal.comments', { age: 30 });
    const suggestions = await install(addons, 'weblate.removal.suggestions', { age: 7 });

    await t.app.get(DailyAddons).runDue();
    const left = await t.dataSource.query('SELECT comment FROM comments c JOIN units u ON u.id = c.unit_id WHERE u.id = ANY($1::int[])', [[hello.id, world.id]]);
    expect(left).toEqual([{ comment: 'Fresh remark' }]);
    expect(await t.dataSource.query('SELECT id FROM suggestions WHERE unit_id = $1', [world.id])).toEqual([]);
    expect((await changesOf(ChangeAction.CommentDelete)).filter((change) => change.details.addon_id === comments.id)).toEqual([
      expect.objectContaining({ target: 'Old remark', unit: expect.stringContaining(`/api/units/${hello.id}/`) }),
    ]);
    expect((await changesOf(ChangeAction.SuggestionCleanup)).filter((change) => change.details.addon_id === suggestions.id)).toEqual([expect.objectContaining({ target: 'Svět' })]);
    const unitsNow = await unitsOf(project.slug, 'cs');
    expect(unitsNow.map((unit) => (unit as unknown as { has_comment: boolean; has_suggestion: boolean }))).toEqual([
      expect.objectContaining({ has_comment: false, has_suggestion: false }),
      expect.objectContaining({ has_comment: true, has_suggestion: false }),
    ]);

    // Once a day: a second look the same day runs nothing.
    await note('comments', hello.id, 'Another old remark', 40);
    await t.app.get(DailyAddons).runDue();
    expect((await changesOf(ChangeAction.CommentDelete)).filter((change) => change.details.addon_id === comments.id)).toHaveLength(1);

    // A run that fails is undone and recorded as the alert Weblate raises, with the error.
    await t.dataSource.query(`UPDATE addons SET last_daily = NULL, configuration = '{"age": "forever"}' WHERE id = $1`, [comments.id]);
    await t.app.get(DailyAddons).runDue();
    const alerts = (await changesOf(ChangeAction.Alert)).filter((change) => change.details.addon_id === comments.id);
    expect(alerts).toEqual([expect.objectContaining({ details: expect.objectContaining({ alert: 'AddonScriptError', addon: 'weblate.removal.comments', error: expect.any(String) }) })]);
    expect(await t.dataSource.query('SELECT comment FROM comments WHERE unit_id = $1', [hello.id])).toEqual([{ comment: 'Another old remark' }]);
  });
});
