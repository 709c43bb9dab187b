import { createUser } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const PO = (...sources: string[]) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: cs\\n"\n${sources.map((source) => `\nmsgid "${source}"\nmsgstr ""\n`).join('')}`;

/** The translation memory: filled from translated strings, listed and deleted through /api/memory/ as Weblate does. */
describe('translation memory', () => {
  const env = useGitTestEnv({}, () => ({ EVENTS_POLL_MS: '0' }));

  async function translated(name: string, pairs: Record<string, string>, state = 20) {
    const { project } = await createGitComponent(env, name, { 'po/cs.po': PO(...Object.keys(pairs)) }, { filemask: 'po/*.po', file_format: 'po' });
    const units = (await env.t.http().get(`/api/translations/${project.slug}/app/cs/units/`).set('Authorization', env.admin.auth).expect(200)).body
      .results as { id: number; source: string[] }[];
    for (const unit of units) {
      await env.t.http().patch(`/api/units/${unit.id}/`).set('Authorization', env.admin.auth).send({ target: [pairs[unit.source[0]]], state }).expect(200);
    }
    await env.t.deliverEvents();
    return project;
  }

  const list = (query: string, auth = env.admin.auth) => env.t.http().get(`/api/memory/${query}`).set('Authorization', auth).expect(200);
  const languageId = async (code: string) => ((await env.t.dataSource.query('SELECT id FROM languages WHERE code = $1', [code])) as { id: number }[])[0].id;

  it('stores a string once it is translated, with Weblate’s fields, and not while it needs editing', async () => {
    const project = await translated('filled', { 'Open the door': 'Otevři dveře' });
    await translated('fuzzy', { 'Close the door': 'Zavři dveře' }, 10);

    const { body } = await list(`?project=${project.slug}`);
    expect(body.count).toBe(1);
    expect(body.results).toEqual([
      {
        id: expect.any(Number), source: 'Open the door', target: 'Otevři dveře', source_language: await languageId('en'), target_language: await languageId('cs'),
        origin: `${project.slug}/app`, project: project.id, from_file: false, shared: false,
      },
    ]);
    expect((await list('?source=Close the door')).body.count).toBe(0);
  });

  it('stores the translator’s own entry beside the project’s, which lookups without the project find', async () => {
    const project = await translated('personal', { 'Water the plants': 'Zalij květiny' });
    const entries = (await list('?source=Water the plants')).body.results as { project: number | null; origin: string }[];
    expect(entries.map((entry) => [entry.project, entry.origin])).toEqual([[project.id, `${project.slug}/app`], [null, `${project.slug}/app`]]);
    const lookup = (auth: string) => env.t.http().post('/api/memory/lookup/?source_language=en&target_language=cs').set('Authorization', auth).send({ strings: ['Water the plants'] }).expect(200);
    expect((await lookup(env.admin.auth)).body[0].match).toMatchObject({ target: 'Zalij květiny', exact: true });
    expect((await lookup((await createUser(env.t)).auth)).body[0].match).toBeNull();
  });

  it('filters by source substring, languages and project; unknown codes give an empty list', async () => {
    const project = await translated('filters', { 'Print the page': 'Vytiskni stránku', 'Print all': 'Vytiskni vše' });
    expect((await list(`?source=print THE&project=${project.slug}`)).body.results.map((entry: { source: string }) => entry.source)).toEqual(['Print the page']);
    expect((await list(`?source_language=en&target_language=cs&project=${project.slug}`)).body.count).toBe(2);
    expect((await list(`?target_language=de&project=${project.slug}`)).body.count).toBe(0);
    expect((await list('?source_language=xx-unknown')).body).toMatchObject({ count: 0, results: [] });
    expect((await list('?project=no-such-project')).body.count).toBe(0);
  });

  it('hides entries of projects the caller cannot see, refuses deleting without memory.delete, and deletes', async () => {
    const open = await translated('open', { 'Open file': 'Otevřít soubor' });
    const hidden = await translated('hidden', { 'Secret file': 'Tajný soubor' });
    await env.t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [hidden.id]);
    const reader = await createUser(env.t);
    const [openEntry] = (await list(`?project=${open.slug}`)).body.results as { id: number }[];
    const [hiddenEntry] = (await list(`?project=${hidden.slug}`)).body.results as { id: number }[];

    await env.t.http().get('/api/memory/').expect(401);
    const seen = (await list('?source=file', reader.auth)).body.results.map((entry: { source: string }) => entry.source);
    expect(seen).toEqual(['Open file']);
    await env.t.http().get(`/api/memory/${hiddenEntry.id}/`).set('Authorization', reader.auth).expect(404);
    await env.t.http().delete(`/api/memory/${hiddenEntry.id}/`).set('Authorization', reader.auth).expect(404);
    await env.t.http().get(`/api/memory/${openEntry.id}/`).set('Authorization', reader.auth).expect(200);
    const refused = await env.t.http().delete(`/api/memory/${openEntry.id}/`).set('Authorization', reader.auth).expect(403);
    expect(refused.body.detail).toBe('Can not delete memory entry');

    await env.t.http().delete(`/api/memory/${openEntry.id}/`).set('Authorization', env.admin.auth).expect(204);
    await env.t.http().get(`/api/memory/${openEntry.id}/`).set('Authorization', env.admin.auth).expect(404);
  });

  it('shows site-wide entries only to those managing the memory', async () => {
    const [en, cs] = [await languageId('en'), await languageId('cs')];
    const [{ id }] = (await env.t.dataSource.query(
      "INSERT INTO memory (source, target, source_language_id, target_language_id, origin) VALUES ('Shared words', 'Sdílená slova', $1, $2, 'tmx') RETURNING id",
      [en, cs],
    )) as { id: number }[];
    const reader = await createUser(env.t);
    expect((await list('?source=Shared words', reader.auth)).body.count).toBe(0);
    await env.t.http().get(`/api/memory/${id}/`).set('Authorization', reader.auth).expect(404);
    expect((await list('?source=Shared words')).body.results[0]).toMatchObject({ id, project: null, origin: 'tmx' });
  });

  it('finds stored sources by trigram similarity, pg_trgm installed in public', async () => {
    const rows = (await env.t.dataSource.query("SELECT source FROM memory WHERE source % 'Open the doors'")) as { source: string }[];
    expect(rows.map((row) => row.source)).toContain('Open the door');
    const [{ schema }] = (await env.t.dataSource.query(
      "SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'",
    )) as { schema: string }[];
    expect(schema).toBe('public');
  });
});
