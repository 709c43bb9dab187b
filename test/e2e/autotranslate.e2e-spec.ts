import { Project } from '../../src/projects/project.entity';
import { joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { FakeService, startFakeService } from '../support/fake-service';
import { libreTranslateApi } from '../support/fake-translation-apis';
import { createGitComponent, useGitTestEnv } from '../support/git-component';
import { TestApp } from '../support/test-app';

const AUTO = 6;
const SUGGESTION = 4;

const HEADER = (language: string, plurals: number) =>
  `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n` +
  `"Plural-Forms: nplurals=${plurals}; plural=${plurals === 3 ? '(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2' : '(n != 1)'};\\n"\n\n`;

/** Component A's translations: the same words in every language, so each test can take a language of its own. */
const TRANSLATED_PO = (language: string, plurals: number) =>
  HEADER(language, plurals) +
  'msgid "Hello"\nmsgstr "Ahoj"\n\n' +
  // Needs editing in A: not a translation to take.
  '#, fuzzy\nmsgid "Bye"\nmsgstr "Nashle"\n\n' +
  // Another context than B's: Weblate matches the source text alone.
  'msgctxt "menu"\nmsgid "Save"\nmsgstr "Uložit"\n\n' +
  'msgid "Open"\nmsgstr ""\n\n' +
  // Lacks the full stop: a failing end_stop check wherever it is copied to.
  'msgid "Welcome."\nmsgstr "Vítejte"\n\n' +
  `msgid "%d file"\nmsgid_plural "%d files"\n${['%d soubor', '%d soubory', '%d souborů'].slice(0, plurals).map((form, index) => `msgstr[${index}] "${form}"`).join('\n')}\n`;

const B_TEMPLATE =
  'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n' +
  'msgid "Hello"\nmsgstr ""\n\nmsgid "Bye"\nmsgstr ""\n\nmsgctxt "button"\nmsgid "Save"\nmsgstr ""\n\nmsgid "Open"\nmsgstr ""\n\n' +
  'msgid "Welcome."\nmsgstr ""\n\nmsgid "Only in B"\nmsgstr ""\n\nmsgid "%d file"\nmsgid_plural "%d files"\nmsgstr[0] ""\nmsgstr[1] ""\n';

interface UnitRow {
  source: string[];
  target: string[];
  state: number;
  num_words: number;
  has_suggestion: boolean;
  has_comment: boolean;
  has_failing_check: boolean;
  automatically_translated: boolean;
}

/**
 * POST …/autotranslate/ fills a new language of component B from component A of the same project, or by machine
 * translation (a local fake LibreTranslate, and a DeepL that only fails), as a task whose result has Weblate's
 * completion text; statistics stay equal to a recount of the units.
 */
describe('automatic translation', () => {
  let libre: FakeService;
  let broken: FakeService;
  beforeAll(async () => {
    [libre, broken] = await Promise.all([startFakeService(libreTranslateApi()), startFakeService(() => ({ status: 500, body: 'Internal Server Error' }))]);
  });
  afterAll(() => Promise.all([libre?.close(), broken?.close()]));
  const env = useGitTestEnv({}, () => ({
    // Every run here is small: the answer waits for it (its words are checked), however loaded the machine is.
    AUTOTRANSLATE_WAIT_MS: '120000',
    MT_SERVICES: JSON.stringify({ weblate: {}, 'weblate-translation-memory': {}, libretranslate: { url: libre.url }, deepl: { key: 'k', url: `${broken.url}/v2/` } }),
  }));
  let t: TestApp;
  let admin: UserWithToken;
  let project: Project;
  let componentAId: number;

  beforeAll(async () => {
    ({ t, admin } = env);
    const a = await createGitComponent(env, 'autotranslate-a', {
      'po/cs.po': TRANSLATED_PO('cs', 3), 'po/sk.po': TRANSLATED_PO('sk', 3), 'po/de.po': TRANSLATED_PO('de', 2),
      'po/it.po': TRANSLATED_PO('it', 2), 'po/pl.po': TRANSLATED_PO('pl', 3), 'po/hu.po': TRANSLATED_PO('hu', 2),
    }, { filemask: 'po/*.po', file_format: 'po' });
    ({ project, componentId: componentAId } = a);
    const repo = await env.git.createBareRepo('autotranslate-b', { 'po/app.pot': B_TEMPLATE });
    await t.http().post(`/api/projects/${project.slug}/components/`).set('Authorization', admin.auth)
      .send({ name: 'Web', slug: 'web', repo, filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot', new_lang: 'add' }).expect(201);
    await t.drainTasks();
  });

  const translation = (code: string) => `/api/translations/${project.slug}/web/${code}`;
  const get = async (path: string, user = admin) => (await t.http().get(path).set('Authorization', user.auth).expect(200)).body;
  const autotranslate = (code: string, body: Record<string, unknown>, user = admin) =>
    t.http().post(`${translation(code)}/autotranslate/`).set('Authorization', user.auth).send(body);

  async function newLanguage(code: string): Promise<void> {
    await t.http().post(`/api/components/${project.slug}/web/translations/`).set('Authorization', admin.auth).send({ language_code: code }).expect(201);
  }

  /** Runs it, and returns its task (its result and log); the answer has the result's words, as Weblate's has. */
  async function runTask(code: string, body: Record<string, unknown>, user = admin): Promise<{ result: { details: string; updated: number }; log: string }> {
    const res = await autotranslate(code, body, user).expect(200);
    expect(res.body).toEqual({ details: expect.stringMatching(/^Automatic translation completed, /), task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]{36}\/$/) });
    const task = await get(new URL(res.body.task_url as string).pathname);
    expect(task).toMatchObject({ completed: true, progress: 100 });
    expect(res.body.details).toBe(task.result.details);
    return task;
  }

  const run = async (code: string, body: Record<string, unknown>, user = admin) => (await runTask(code, body, user)).result;

  async function units(code: string): Promise<Map<string, UnitRow>> {
    const body = await get(`${translation(code)}/units/?page_size=1000`);
    return new Map((body.results as UnitRow[]).map((unit) => [unit.source[0], unit]));
  }

  /** The translation's statistics next to the same numbers counted from its units. */
  async function statisticsAndRecount(code: string) {
    const stats = await get(`${translation(code)}/statistics/`);
    const all = [...(await units(code)).values()];
    const count = (keep: (unit: UnitRow) => boolean) => all.filter(keep).length;
    const words = (keep: (unit: UnitRow) => boolean) => all.filter(keep).reduce((sum, unit) => sum + unit.num_words, 0);
    const translated = (unit: UnitRow) => unit.state >= 20;
    const fuzzy = (unit: UnitRow) => unit.state >= 10 && unit.state < 20;
    const approved = (unit: UnitRow) => unit.state === 30;
    const keys = ['total', 'total_words', 'translated', 'translated_words', 'fuzzy', 'fuzzy_words', 'approved', 'approved_words', 'failing', 'suggestions', 'comments'];
    return {
      stored: Object.fromEntries(keys.map((key) => [key, stats[key]])),
      recount: {
        total: all.length, total_words: words(() => true), translated: count(translated), translated_words: words(translated),
        fuzzy: count(fuzzy), fuzzy_words: words(fuzzy), approved: count(approved), approved_words: words(approved),
        failing: count((unit) => unit.has_failing_check), suggestions: count((unit) => unit.has_suggestion), comments: count((unit) => unit.has_comment),
      },
    };
  }

  const changeCount = async (code: string, action: number) => (await get(`${translation(code)}/changes/?action=${action}`)).count as number;

  it('translates a new language from the other component: same source text, translated strings only, with checks and statistics', async () => {
    await newLanguage('cs');
    expect(await run('cs', { mode: 'translate' })).toEqual({ details: 'Automatic translation completed, 4 strings were updated.', updated: 4 });

    const filled = await units('cs');
    expect(filled.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 20, automatically_translated: true, has_failing_check: false });
    expect(filled.get('Save')).toMatchObject({ target: ['Uložit'], state: 20 });
    expect(filled.get('%d file')).toMatchObject({ target: ['%d soubor', '%d soubory', '%d souborů'], state: 20 });
    expect(filled.get('Welcome.')).toMatchObject({ target: ['Vítejte'], state: 20, has_failing_check: true });
    for (const untouched of ['Bye', 'Open', 'Only in B']) expect(filled.get(untouched)).toMatchObject({ target: [''], state: 0, automatically_translated: false });

    const { stored, recount } = await statisticsAndRecount('cs');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ total: 7, translated: 4, failing: 1 });
    expect(await changeCount('cs', AUTO)).toBe(4);

    // What is translated now is no longer selected: a second run changes nothing.
    expect(await run('cs', { mode: 'translate' })).toEqual({ details: 'Automatic translation completed, no strings were updated.', updated: 0 });

    // Edited by hand, a string is no longer an automatic translation.
    const hello = await get(`${translation('cs')}/units/?q=${encodeURIComponent('source:=Hello')}`);
    const edited = await t.http().patch(`/api/units/${hello.results[0].id}/`).set('Authorization', admin.auth).send({ target: ['Dobrý den'], state: 20 }).expect(200);
    expect(edited.body).toMatchObject({ target: ['Dobrý den'], automatically_translated: false });
  });

  it('adds suggestions in suggest mode (the default), once per string', async () => {
    await newLanguage('de');
    expect(await run('de', {})).toMatchObject({ updated: 4 });
    const filled = await units('de');
    expect(filled.get('Hello')).toMatchObject({ target: [''], state: 0, has_suggestion: true });
    expect(filled.get('%d file')).toMatchObject({ target: ['', ''], has_suggestion: true });
    expect(filled.get('Bye')).toMatchObject({ has_suggestion: false });
    const { stored, recount } = await statisticsAndRecount('de');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ translated: 0, suggestions: 4 });
    expect(await changeCount('de', SUGGESTION)).toBe(4);
    expect(await run('de', { mode: 'suggest' })).toMatchObject({ updated: 0 });
  });

  it('marks the strings as needing editing in fuzzy mode, and honours q and filter_type', async () => {
    await newLanguage('it');
    expect(await run('it', { mode: 'fuzzy', q: 'source:Hello' })).toMatchObject({ updated: 1 });
    expect((await units('it')).get('Hello')).toMatchObject({ target: ['Ahoj'], state: 10 });
    expect((await units('it')).get('Save')).toMatchObject({ target: [''], state: 0 });

    // A string needing editing is not untranslated (state:empty), so filter_type nottranslated leaves it.
    expect(await run('it', { mode: 'translate', filter_type: 'nottranslated' })).toMatchObject({ updated: 3 });
    const filled = await units('it');
    expect(filled.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 10 });
    expect(filled.get('Save')).toMatchObject({ target: ['Uložit'], state: 20 });
    const { stored, recount } = await statisticsAndRecount('it');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ translated: 3, fuzzy: 1 });
  });

  it('approves where the project reviews translations, and takes translations from the component it is told', async () => {
    await newLanguage('sk');
    // Only other translations of this language count: in B itself there are none.
    expect(await run('sk', { mode: 'translate', component: 'web' })).toMatchObject({ updated: 0 });

    await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).send({ translation_review: true }).expect(200);
    try {
      expect(await run('sk', { mode: 'approved', component: componentAId, q: 'NOT has:plural' })).toMatchObject({ updated: 3 });
    } finally {
      await t.http().patch(`/api/projects/${project.slug}/`).set('Authorization', admin.auth).send({ translation_review: false }).expect(200);
    }
    const filled = await units('sk');
    expect(filled.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 30 });
    expect(filled.get('%d file')).toMatchObject({ state: 0 });
    const { stored, recount } = await statisticsAndRecount('sk');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ approved: 3, translated: 3 });

    // Without review, approved mode translates.
    expect(await run('sk', { mode: 'approved', component: `${project.slug}/app` })).toMatchObject({ updated: 1 });
    expect((await units('sk')).get('%d file')).toMatchObject({ state: 20 });
  });

  it('needs translation.auto, unit.review for approved mode, and an unlocked component', async () => {
    await newLanguage('pl');
    const translator = await createUser(t);
    await joinProjectTeam(t, translator.user.id, project, 'Translate');
    await autotranslate('pl', { mode: 'translate' }, translator).expect(403);

    const automator = await createUser(t);
    await joinProjectTeam(t, automator.user.id, project, 'Automatic translation');
    const refused = await autotranslate('pl', { mode: 'approved' }, automator).expect(400);
    expect(refused.body.errors).toEqual([{ code: 'invalid_choice', detail: '"approved" is not a valid choice.', attr: 'mode' }]);
    expect(await run('pl', { mode: 'translate', q: 'source:Hello' }, automator)).toMatchObject({ updated: 1 });
    // The change is the automator's.
    const [change] = (await get(`${translation('pl')}/changes/?action=${AUTO}`)).results;
    expect(change.user).toMatch(new RegExp(`/api/users/${automator.user.username}/$`));

    await t.http().post(`/api/components/${project.slug}/web/lock/`).set('Authorization', admin.auth).send({ lock: true }).expect(200);
    try {
      const locked = await autotranslate('pl', { mode: 'translate' }).expect(403);
      expect(locked.body.detail).toBe('Component is locked');
    } finally {
      await t.http().post(`/api/components/${project.slug}/web/lock/`).set('Authorization', admin.auth).send({ lock: false }).expect(200);
    }
    expect((await units('pl')).get('Save')).toMatchObject({ state: 0 });
  });

  it('translates with machine translation: engines in order, a failing one logged while the others go on, below the threshold nothing', async () => {
    await newLanguage('nl');
    expect(await run('nl', { mode: 'translate', auto_source: 'mt', engines: ['libretranslate'], threshold: 90 })).toMatchObject({ updated: 0 });

    const task = await runTask('nl', { mode: 'translate', auto_source: 'mt', engines: ['deepl', 'libretranslate'], threshold: 80, q: 'NOT source:Welcome' });
    expect(task.result).toEqual({ details: 'Automatic translation completed, 6 strings were updated.', updated: 6 });
    expect(task.log).toMatch(/Machine translation by deepl failed: .*500/);
    const filled = await units('nl');
    expect(filled.get('Hello')).toMatchObject({ target: ['nl:Hello'], state: 20, automatically_translated: true });
    expect(filled.get('Only in B')).toMatchObject({ target: ['nl:Only in B'], state: 20 });
    expect(filled.get('%d file')).toMatchObject({ target: ['nl:%d file', 'nl:%d files'], state: 20 });
    expect(filled.get('Welcome.')).toMatchObject({ target: [''], state: 0 });
    const { stored, recount } = await statisticsAndRecount('nl');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ translated: 6 });
    expect(await changeCount('nl', AUTO)).toBe(6);

    // The weblate engine: singular strings of the same source text translated on this server (A's).
    await newLanguage('hu');
    expect(await run('hu', { mode: 'fuzzy', auto_source: 'mt', engines: ['weblate'] })).toMatchObject({ updated: 3 });
    const fromServer = await units('hu');
    expect(fromServer.get('Hello')).toMatchObject({ target: ['Ahoj'], state: 10 });
    expect(fromServer.get('%d file')).toMatchObject({ target: ['', ''], state: 0 });
  });

  it('translates from the translation memory: exact entries, and similar ones down to the threshold, statistics equal to a recount', async () => {
    const entries = [
      { source: 'Hello', target: 'Hola', source_language: 'en', target_language: 'es', origin: 'imported', category: 1 },
      { source: 'Only in Bee', target: 'Solo en B', source_language: 'en', target_language: 'es', origin: 'imported', category: 1 },
      { source: 'Something else entirely', target: 'Otra cosa', source_language: 'en', target_language: 'es', origin: 'imported', category: 1 },
    ];
    const imported = await t.http().post('/api/memory/').set('Authorization', admin.auth).field('scope', 'site')
      .attach('file', Buffer.from(JSON.stringify(entries)), 'memory.json').expect(200);
    expect(imported.body).toMatchObject({ created: 3 });
    await newLanguage('es');

    expect(await run('es', { mode: 'translate', auto_source: 'mt', engines: ['weblate-translation-memory'], threshold: 60 })).toMatchObject({ updated: 2 });
    const filled = await units('es');
    expect(filled.get('Hello')).toMatchObject({ target: ['Hola'], state: 20, automatically_translated: true });
    // "Only in B" is near "Only in Bee" (69 % trigram similarity); nothing in the memory is near the others.
    expect(filled.get('Only in B')).toMatchObject({ target: ['Solo en B'], state: 20 });
    expect(filled.get('Open')).toMatchObject({ target: [''], state: 0 });
    const { stored, recount } = await statisticsAndRecount('es');
    expect(stored).toEqual(recount);
    expect(stored).toMatchObject({ translated: 2 });
    expect(await changeCount('es', AUTO)).toBe(2);
  });

  it('refuses unknown options with a 400 naming the field', async () => {
    await newLanguage('fr');
    const other = await createGitComponent(env, 'autotranslate-other', { 'po/cs.po': TRANSLATED_PO('cs', 3) }, { filemask: 'po/*.po', file_format: 'po' });
    const cases: [Record<string, unknown>, string][] = [
      [{ mode: 'invalid' }, 'mode'],
      [{ filter_type: 'everything' }, 'filter_type'],
      [{ auto_source: 'elsewhere' }, 'auto_source'],
      [{ threshold: 0 }, 'threshold'],
      [{ threshold: '101' }, 'threshold'],
      [{ threshold: 'high' }, 'threshold'],
      [{ q: 'state:<<translated' }, 'q'],
      [{ q: 5 }, 'q'],
      [{ component: 'missing' }, 'component'],
      [{ component: 99999999999 }, 'component'],
      [{ component: other.componentId }, 'component'],
      [{ component: { id: 1 } }, 'component'],
      [{ auto_source: 'mt' }, 'engines'],
      [{ auto_source: 'mt', engines: [1] }, 'engines'],
      [{ auto_source: 'mt', engines: ['google'] }, 'engines'],
      [{ auto_source: 'mt', engines: ['libretranslate', 'openai'] }, 'engines'],
    ];
    for (const [body, attr] of cases) {
      const res = await autotranslate('fr', body).expect(400);
      expect({ body, attrs: res.body.errors.map((error: { attr: string }) => error.attr) }).toEqual({ body, attrs: [attr] });
    }
    // wlc sends the options it has no value for as null.
    expect(await run('fr', { mode: 'translate', filter_type: 'todo', auto_source: 'others', component: null, engines: null, threshold: null })).toMatchObject({ updated: 0 });
  });

  it('answers at once with the task URL when the run takes longer than AUTOTRANSLATE_WAIT_MS, and the task tells the rest', async () => {
    // The environment closes the app it holds: the restarted one.
    env.t = t = await t.restart({ AUTOTRANSLATE_WAIT_MS: '0' });
    await newLanguage('fi');
    const res = await autotranslate('fi', { mode: 'translate' }).expect(200);
    expect(res.body).toEqual({ details: 'Automatic translation in progress', task_url: expect.stringMatching(/\/api\/tasks\/[0-9a-f-]{36}\/$/) });
    await t.drainTasks();
    const task = await get(new URL(res.body.task_url as string).pathname);
    expect(task).toMatchObject({ completed: true, progress: 100, result: { details: expect.stringMatching(/^Automatic translation completed, /) } });
  });
});
