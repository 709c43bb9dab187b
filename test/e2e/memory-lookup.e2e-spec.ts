import { AccessControl } from '../../src/projects/project.entity';
import { MemoryLookup } from '../../src/memory/memory-lookup';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/** `POST /api/memory/lookup/` (Weblate 2026's bulk lookup) and the lookup service machine translation calls. */
describe('translation memory lookup', () => {
  let t: TestApp;
  let reader: UserWithToken;

  beforeAll(async () => {
    t = await createTestApp();
    reader = await createUser(t);
  });
  afterAll(() => t.close());

  /** Stores an entry of a scope directly: the lookup is what these tests are about. */
  async function entry(source: string, target: string, scope: { projectId?: number; userId?: number; shared?: boolean } = {}, languages = ['en', 'cs']): Promise<number> {
    const [{ id }] = (await t.dataSource.query(
      `INSERT INTO memory (source, target, source_language_id, target_language_id, origin, project_id, user_id, shared, from_file)
       SELECT $1, $2, sl.id, tl.id, 'test', $3, $4, $5, $3::int IS NULL AND $4::int IS NULL AND NOT $5 FROM languages sl, languages tl WHERE sl.code = $6 AND tl.code = $7
       RETURNING id`,
      [source, target, scope.projectId ?? null, scope.userId ?? null, scope.shared ?? false, ...languages],
    )) as { id: number }[];
    return id;
  }

  const lookup = (strings: unknown, query = 'source_language=en&target_language=cs', auth = reader.auth) =>
    t.http().post(`/api/memory/lookup/?${query}`).set('Authorization', auth).send({ strings });
  const similarity = async (a: string, b: string) => ((await t.dataSource.query('SELECT round(similarity($1, $2) * 100)::int AS q', [a, b])) as { q: number }[])[0].q;

  it('answers each string with its exact match, else the most similar entry above the threshold, else null', async () => {
    const exact = await entry('Save the document', 'Uložit dokument');
    const near = await entry('Delete the selected files', 'Smazat vybrané soubory');
    await entry('Delete the file', 'Smazat soubor');
    const strings = ['Save the document', 'Delete the selected file', 'Quantum chromodynamics', 'Save the document'];

    const { body } = await lookup(strings).expect(200);

    expect(body).toEqual([
      { query: 'Save the document', match: { id: exact, source: 'Save the document', target: 'Uložit dokument', origin: 'test', exact: true, quality: 100 } },
      {
        query: 'Delete the selected file',
        match: { id: near, source: 'Delete the selected files', target: 'Smazat vybrané soubory', origin: 'test', exact: false, quality: await similarity('Delete the selected files', 'Delete the selected file') },
      },
      { query: 'Quantum chromodynamics', match: null },
      { query: 'Save the document', match: expect.objectContaining({ id: exact, exact: true }) },
    ]);
    expect(body[1].match.quality).toBeGreaterThanOrEqual(75);
    expect(body[1].match.quality).toBeLessThan(100);
  });

  it('prefers an exact match to a more similar-looking one, and with exact=true skips fuzzy matching', async () => {
    await entry('print page', 'tisk stránky (similar)');
    const exact = await entry('Print page!', 'Vytisknout stránku');
    const { body } = await lookup(['Print page!', 'Print pages!'], 'source_language=en&target_language=cs&exact=true').expect(200);
    expect(body.map((result: { match: { id: number } | null }) => result.match?.id ?? null)).toEqual([exact, null]);
    expect((await lookup(['Print pages!']).expect(200)).body[0].match).toMatchObject({ exact: false });
  });

  it('draws on the project’s entries (with ?project=), the caller’s own and site-wide ones, never others’', async () => {
    const project = await createProject(t);
    const other = await createProject(t);
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const stranger = await createUser(t);
    const ids = {
      project: await entry('Scoped string one', 'Projekt', { projectId: project.id }),
      other: await entry('Scoped string two', 'Jiný projekt', { projectId: other.id }),
      own: await entry('Scoped string three', 'Moje', { userId: reader.user.id }),
      strangers: await entry('Scoped string four', 'Cizí', { userId: stranger.user.id }),
      site: await entry('Scoped string five', 'Soubor'),
      shared: await entry('Scoped string six', 'Sdílené', { shared: true }),
    };
    const strings = ['Scoped string one', 'Scoped string two', 'Scoped string three', 'Scoped string four', 'Scoped string five', 'Scoped string six'];
    const found = async (query: string) => ((await lookup(strings, query).expect(200)).body as { match: { id: number } | null }[]).map((result) => result.match?.id ?? null);

    // Exact only, so that each string can only find itself.
    expect(await found('source_language=en&target_language=cs&exact=1')).toEqual([null, null, ids.own, null, ids.site, ids.shared]);
    expect(await found(`source_language=en&target_language=cs&exact=1&project=${project.slug}`)).toEqual([ids.project, null, ids.own, null, ids.site, ids.shared]);
    await lookup(strings, `source_language=en&target_language=cs&project=${hidden.slug}`).expect(404);
    await lookup(strings, 'source_language=en&target_language=cs&project=no-such-project').expect(404);
  });

  it('matches the language pair only; unknown languages match nothing', async () => {
    await entry('Language pair check', 'Sprachpaar', {}, ['en', 'de']);
    expect((await lookup(['Language pair check']).expect(200)).body[0].match).toBeNull();
    expect((await lookup(['Language pair check'], 'source_language=en&target_language=de').expect(200)).body[0].match).toMatchObject({ target: 'Sprachpaar' });
    expect((await lookup(['Language pair check'], 'source_language=en&target_language=xx-unknown').expect(200)).body).toEqual([{ query: 'Language pair check', match: null }]);
  });

  it('refuses anonymous callers, missing languages and requests beyond 100 strings of 2000 characters', async () => {
    await t.http().post('/api/memory/lookup/?source_language=en&target_language=cs').send({ strings: ['x'] }).expect(401);
    const missing = await lookup(['x'], 'target_language=cs').expect(400);
    expect(missing.body.errors).toEqual([{ code: 'required', detail: 'This field is required.', attr: 'source_language' }]);
    expect((await lookup(Array.from({ length: 101 }, (_, i) => `s${i}`)).expect(400)).body.errors[0]).toMatchObject({ attr: 'strings', detail: 'Ensure this field has no more than 100 elements.' });
    expect((await lookup(['x'.repeat(2001)]).expect(400)).body.errors[0]).toMatchObject({ attr: 'strings', detail: 'Ensure this field has no more than 2000 characters.' });
    expect((await lookup('one string').expect(400)).body.errors[0]).toMatchObject({ attr: 'strings' });
    expect((await lookup(undefined).expect(400)).body.errors[0]).toMatchObject({ attr: 'strings', detail: 'This field is required.' });
    expect((await lookup(['x'], 'source_language=en&target_language=cs&exact=maybe').expect(400)).body.errors[0]).toMatchObject({ attr: 'exact' });
    expect((await lookup([]).expect(200)).body).toEqual([]);
  });

  it('serves other modules by text, within the scopes and threshold they give', async () => {
    const project = await createProject(t);
    await entry('Module lookup entry', 'Vyhledání modulem', { projectId: project.id });
    const lookups = t.app.get(MemoryLookup);
    const request = { sourceLanguage: 'en', targetLanguage: 'cs', texts: ['Module lookup entry', 'Module lookup entries', 'Module lookup entry'], projectId: project.id, userId: null };

    const matches = await lookups.lookup({ ...request, threshold: 50 });
    expect([...matches.keys()]).toEqual(['Module lookup entry', 'Module lookup entries']);
    expect(matches.get('Module lookup entry')).toMatchObject({ target: 'Vyhledání modulem', quality: 100, origin: 'test' });
    expect(matches.get('Module lookup entries')!.quality).toBe(await similarity('Module lookup entry', 'Module lookup entries'));
    expect((await lookups.lookup({ ...request, threshold: 100 })).has('Module lookup entries')).toBe(false);
    expect((await lookups.lookup({ ...request, projectId: null })).size).toBe(0);
  });

  it('sets the trigram threshold for the lookup alone, not for what its transaction runs next', async () => {
    await entry('Threshold kept apart', 'Práh zvlášť');
    const runner = t.dataSource.createQueryRunner();
    await runner.startTransaction();
    try {
      const setting = async () => ((await runner.query("SELECT current_setting('pg_trgm.similarity_threshold') AS value")) as { value: string }[])[0].value;
      const before = await setting();
      expect(before).toMatch(/^0\.\d+$/);
      const quality = await similarity('Threshold kept apart', 'Threshold kept well apart');
      const best = (min: number) => runner.query('SELECT * FROM memory_best_matches($1, $2, $3, NULL, NULL, false, $4, $5)', [['Threshold kept well apart'], 'en', 'cs', (min - 0.5) / 100 - 1e-4, min]) as Promise<{ target: string }[]>;
      expect(await best(quality + 1)).toEqual([]);
      expect((await best(quality)).map((row) => row.target)).toEqual(['Práh zvlášť']);
      expect(await setting()).toBe(before);
    } finally {
      await runner.rollbackTransaction();
      await runner.release();
    }
  });

  it('refreshes the planner statistics after a large import, so lookups use the trigram index at once', async () => {
    const admin = await createUser(t, { isSuperuser: true });
    const entries = Array.from({ length: 2000 }, (_, i) => ({ source: `Imported sentence number ${i}`, target: `Importovaná věta číslo ${i}`, source_language: 'en', target_language: 'cs' }));
    await t.http().post('/api/memory/').set('Authorization', admin.auth).field('scope', 'site')
      .attach('file', Buffer.from(JSON.stringify(entries)), 'bulk.json').expect(200, { total: 2000, created: 2000 });
    // Never analysed, the table would still count as empty to the planner (-1) or as the few rows seen before.
    const [{ rows }] = (await t.dataSource.query("SELECT reltuples AS rows FROM pg_class WHERE oid = 'memory'::regclass")) as { rows: number }[];
    expect(rows).toBeGreaterThanOrEqual(2000);
    const { body } = await lookup(['Imported sentence number 1234']).expect(200);
    expect(body).toMatchObject([{ query: 'Imported sentence number 1234', match: { target: 'Importovaná věta číslo 1234', quality: 100 } }]);
  });
});
