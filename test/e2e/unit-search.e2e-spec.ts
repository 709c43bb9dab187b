import JSZip from 'jszip';
import { Project } from '../../src/projects/project.entity';
import { createProject } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';

/**
 * The `q` search language end to end: every key against a fixture of three projects (one private), four components
 * and two languages, whose PO files and direct database rows give each query its own set of expected units. Expected
 * ids are looked up by component, language, source text and context, never written as numbers.
 */

const header = (language: string) =>
  `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n` +
  (language === 'cs'
    ? '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n'
    : '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n');

const ALPHA_CS = `${header('cs')}
#. Greeting on the start page
#: src/main.c:10
msgid "Hello world"
msgstr "Ahoj světe"

#: src/menu.c:20
msgctxt "menu"
msgid "Open"
msgstr "Otevřít"

msgctxt "dialog"
msgid "Open"
msgstr ""

#, fuzzy
msgid "Save file"
msgstr "Uložit soubor"

msgid "Quit the program."
msgstr "Ukončit program"

msgid "One apple"
msgid_plural "%d apples"
msgstr[0] "Jedno jablko"
msgstr[1] "%d jablka"
msgstr[2] "%d jablek"

#: src/main.c:99
msgid "Cancel"
msgstr ""
`;

const ALPHA_DE = `${header('de')}
#. Greeting on the start page
#: src/main.c:10
msgid "Hello world"
msgstr "Hallo Welt"

#: src/menu.c:20
msgctxt "menu"
msgid "Open"
msgstr ""

msgctxt "dialog"
msgid "Open"
msgstr "Öffnen"

msgid "Save file"
msgstr "Datei speichern"

msgid "Quit the program."
msgstr "Programm beenden."

msgid "One apple"
msgid_plural "%d apples"
msgstr[0] ""
msgstr[1] ""

#: src/main.c:99
msgid "Cancel"
msgstr "Abbrechen"
`;

const BETA_CS = `${header('cs')}
#. Shown in the toolbar
#: src/toolbar.c:5
msgid "Print page"
msgstr "Tisknout stránku"

msgid "Hello again"
msgstr ""

#, fuzzy
msgid "Zoom in"
msgstr "Přiblížit"
`;

const GAMMA_DE = `${header('de')}
msgid "Hello world"
msgstr "Hallo Welt"

#. Exports everything
msgid "Export data"
msgstr ""
`;

const SECRET_CS = `${header('cs')}
msgid "Secret hello"
msgstr "Tajné ahoj"
`;

async function zipOf(files: Record<string, string>): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, content] of Object.entries(files)) zip.file(name, content, { createFolders: false });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

interface ApiUnit {
  id: number;
  source: string[];
  context: string;
  language_code: string;
  translation: string;
}

describe('unit search (q)', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let translator: UserWithToken;
  let pa: Project;
  let pb: Project;
  let secret: Project;
  /** `component/language/source[/context]` → unit id. */
  const unitIds = new Map<string, number>();

  /** The id of one unit; throws for a key the fixture does not have, so a typo cannot pass as "no result". */
  const U = (component: string, language: string, source: string, context = ''): number => {
    const key = [component, language, source, context].join('/');
    const id = unitIds.get(key);
    if (id === undefined) throw new Error(`no unit ${key}`);
    return id;
  };
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  /** The source string in every language of a component, the source language (en) included. */
  const allLanguages = (component: string, source: string, context = '', languages = ['en', 'cs', 'de']) =>
    sorted(languages.map((language) => U(component, language, source, context)));

  const createComponent = async (project: Project, slug: string, name: string, files: Record<string, string>) => {
    await t.http()
      .post(`/api/projects/${project.slug}/components/`)
      .set('Authorization', admin.auth)
      .field({ name, slug, filemask: 'po/*.po', file_format: 'po' })
      .attach('zipfile', await zipOf(files), 'upload.zip')
      .expect(201);
    await t.drainTasks();
  };

  const loadUnits = async (project: Project, component: string, language: string) => {
    const res = await t.http().get(`/api/translations/${project.slug}/${component}/${language}/units/`).set('Authorization', admin.auth).expect(200);
    for (const unit of res.body.results as ApiUnit[]) {
      const key = [component, language, unit.source[0], unit.context].join('/');
      if (unitIds.has(key)) throw new Error(`duplicate fixture unit ${key}`);
      unitIds.set(key, unit.id);
    }
  };

  /** Ids of every unit the caller can see that match `q` (GET /api/units/, ordered by id). */
  const search = async (q: string, auth: string | null = admin.auth): Promise<number[]> => {
    const req = t.http().get(`/api/units/?page_size=1000&q=${encodeURIComponent(q)}`);
    const res = await (auth ? req.set('Authorization', auth) : req).expect(200);
    expect(res.body.count).toBe(res.body.results.length);
    const ids: number[] = res.body.results.map((unit: ApiUnit) => unit.id);
    expect(ids).toEqual(sorted(ids));
    return ids;
  };

  /** Ids in file order within one translation. */
  const searchIn = async (project: Project, component: string, language: string, q: string): Promise<number[]> => {
    const res = await t.http()
      .get(`/api/translations/${project.slug}/${component}/${language}/units/?q=${encodeURIComponent(q)}`)
      .set('Authorization', admin.auth)
      .expect(200);
    return res.body.results.map((unit: ApiUnit) => unit.id);
  };

  const syntaxError = async (q: string): Promise<string> => {
    const res = await t.http().get(`/api/units/?q=${encodeURIComponent(q)}`).set('Authorization', admin.auth).expect(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ attr: 'q' })]);
    return res.body.errors[0].detail;
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = await createUser(t, { isSuperuser: true });
    translator = await createUser(t, { isSuperuser: true });
    pa = await createProject(t, { translationReview: true });
    pb = await createProject(t);
    secret = await createProject(t);

    await createComponent(pa, 'alpha', 'Alpha Widgets', { 'po/cs.po': ALPHA_CS, 'po/de.po': ALPHA_DE });
    await createComponent(pa, 'beta', 'Beta Tools', { 'po/cs.po': BETA_CS });
    await createComponent(pb, 'gamma', 'Gamma', { 'po/de.po': GAMMA_DE });
    await createComponent(secret, 'delta', 'Delta', { 'po/cs.po': SECRET_CS });
    await t.dataSource.query('UPDATE projects SET access_control = 100 WHERE id = $1', [secret.id]);

    for (const language of ['en', 'cs', 'de']) await loadUnits(pa, 'alpha', language);
    for (const language of ['en', 'cs']) await loadUnits(pa, 'beta', language);
    for (const language of ['en', 'de']) await loadUnits(pb, 'gamma', language);
    for (const language of ['en', 'cs']) await loadUnits(secret, 'delta', language);

    // Edits through the API: an approval by admin, a translation by the translator (both leave the unit pending).
    await t.http().patch(`/api/units/${U('alpha', 'cs', 'Hello world')}/`).set('Authorization', admin.auth).send({ target: ['Ahoj světe'], state: 30 }).expect(200);
    await t.http().patch(`/api/units/${U('alpha', 'de', 'Open', 'menu')}/`).set('Authorization', translator.auth).send({ target: ['Öffnen'], state: 20 }).expect(200);

    // What the files cannot say.
    const q = (sql: string, params: unknown[] = []) => t.dataSource.query(sql, params);
    await q('INSERT INTO suggestions (unit_id, target, user_id) VALUES ($1, $2, $3), ($4, $5, $3)', [
      U('alpha', 'cs', 'Cancel'), ['Zrušit'], admin.user.id, U('beta', 'cs', 'Hello again'), ['Ahoj znovu'],
    ]);
    await q('UPDATE units SET has_suggestion = true WHERE id = ANY($1::int[])', [[U('alpha', 'cs', 'Cancel'), U('beta', 'cs', 'Hello again')]]);
    await q('INSERT INTO comments (unit_id, comment, user_id, resolved) VALUES ($1, $2, $3, false), ($4, $5, $3, true)', [
      U('alpha', 'de', 'Save file'), 'Is this the menu entry?', admin.user.id, U('alpha', 'cs', 'Save file'), 'Fixed typo',
    ]);
    await q('UPDATE units SET has_comment = true WHERE id = $1', [U('alpha', 'de', 'Save file')]);
    const [urgent] = await q("INSERT INTO labels (project_id, name, color) VALUES ($1, 'urgent', 'red') RETURNING id", [pa.id]);
    const [later] = await q("INSERT INTO labels (project_id, name, color) VALUES ($1, 'later', 'blue') RETURNING id", [pa.id]);
    await q('INSERT INTO unit_labels (unit_id, label_id) VALUES ($1, $2), ($3, $4)', [U('alpha', 'en', 'Cancel'), urgent.id, U('beta', 'en', 'Print page'), later.id]);
    await q("UPDATE units SET explanation = 'Closes every window' WHERE id = $1", [U('alpha', 'en', 'Quit the program.')]);
    await q('UPDATE units SET priority = 150 WHERE id = ANY($1::int[])', [[U('alpha', 'cs', 'Cancel'), U('alpha', 'de', 'Cancel')]]);
    await q('UPDATE units SET priority = 50 WHERE id = $1', [U('beta', 'cs', 'Zoom in')]);
    // Fixed dates: everything in 2023, then a few units moved into 2024.
    await q("UPDATE units SET timestamp = '2023-05-05T12:00:00Z', last_updated = '2023-05-05T12:00:00Z'");
    const setDate = (column: 'timestamp' | 'last_updated', at: string, id: number) => q(`UPDATE units SET ${column} = $1 WHERE id = $2`, [at, id]);
    await setDate('timestamp', '2024-01-01T00:00:00Z', U('alpha', 'cs', 'Hello world'));
    await setDate('timestamp', '2024-01-31T23:30:00Z', U('beta', 'cs', 'Print page'));
    await setDate('timestamp', '2024-02-01T00:00:00Z', U('gamma', 'de', 'Export data'));
    await setDate('timestamp', '2023-12-31T23:59:59Z', U('gamma', 'de', 'Hello world'));
    await setDate('last_updated', '2024-07-01T08:00:00Z', U('alpha', 'de', 'Save file'));
    await setDate('last_updated', '2024-06-02T00:00:00Z', U('beta', 'cs', 'Zoom in'));
    await setDate('last_updated', '2024-06-01T23:59:59Z', U('gamma', 'de', 'Hello world'));
  });

  afterAll(() => t.close());

  it('builds the fixture it expects', () => {
    expect(unitIds.size).toBe(7 * 3 + 3 * 2 + 2 * 2 + 1 * 2);
  });

  describe('state and is:', () => {
    it('state: by name, number and comparison', async () => {
      expect(await search('state:approved')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('state:30')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('state:needs-editing')).toEqual(sorted([U('alpha', 'cs', 'Save file'), U('beta', 'cs', 'Zoom in')]));
      expect(await searchIn(pa, 'alpha', 'cs', 'state:empty')).toEqual([U('alpha', 'cs', 'Open', 'dialog'), U('alpha', 'cs', 'Cancel')]);
      expect(await searchIn(pa, 'alpha', 'de', 'state:>=translated')).toEqual([
        U('alpha', 'de', 'Hello world'), U('alpha', 'de', 'Open', 'menu'), U('alpha', 'de', 'Open', 'dialog'),
        U('alpha', 'de', 'Save file'), U('alpha', 'de', 'Quit the program.'), U('alpha', 'de', 'Cancel'),
      ]);
      expect(await searchIn(pa, 'alpha', 'cs', 'state:<translated')).toEqual([
        U('alpha', 'cs', 'Open', 'dialog'), U('alpha', 'cs', 'Save file'), U('alpha', 'cs', 'Cancel'),
      ]);
      expect(await searchIn(pa, 'alpha', 'cs', 'state:10..20')).toEqual([
        U('alpha', 'cs', 'Open', 'menu'), U('alpha', 'cs', 'Save file'), U('alpha', 'cs', 'Quit the program.'), U('alpha', 'cs', 'One apple'),
      ]);
    });

    it('is:translated / is:untranslated / is:fuzzy / is:approved / is:read-only', async () => {
      expect(await searchIn(pa, 'beta', 'cs', 'is:translated')).toEqual([U('beta', 'cs', 'Print page')]);
      expect(await searchIn(pa, 'beta', 'cs', 'is:untranslated')).toEqual([U('beta', 'cs', 'Hello again'), U('beta', 'cs', 'Zoom in')]);
      expect(await search('is:fuzzy')).toEqual(sorted([U('alpha', 'cs', 'Save file'), U('beta', 'cs', 'Zoom in')]));
      expect(await search('is:approved')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('is:read-only AND component:beta')).toEqual(sorted([U('beta', 'en', 'Print page'), U('beta', 'en', 'Hello again'), U('beta', 'en', 'Zoom in')]));
      expect(await search('is:readonly AND language:cs')).toEqual([]);
      expect(await searchIn(pa, 'alpha', 'de', 'is:untranslated')).toEqual([U('alpha', 'de', 'One apple')]);
    });
  });

  describe('text fields', () => {
    it('source: substring, exact, any plural form, regex', async () => {
      expect(await search('source:apples AND language:de')).toEqual(sorted([U('alpha', 'de', 'One apple')]));
      expect(await search('source:WORLD AND language:de')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('gamma', 'de', 'Hello world')]));
      expect(await search('source:="Hello" language:cs')).toEqual([]);
      expect(await search('source:="Print page"')).toEqual(sorted(allLanguages('beta', 'Print page', '', ['en', 'cs'])));
      expect(await search('source:r"^Hello (world|again)$" language:cs')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('beta', 'cs', 'Hello again')]));
      expect(await search('source:r"(?i)^HELLO W" language:de')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('gamma', 'de', 'Hello world')]));
      expect(await search('source:r"^hello"')).toEqual([]);
    });

    it('plural forms match one by one, never joined (as the trigram indexes store them)', async () => {
      expect(await search('source:r"%d app"')).toEqual(allLanguages('alpha', 'One apple'));
      expect(await search('target:r"%d jablk[ay]"')).toEqual([U('alpha', 'cs', 'One apple')]);
      expect(await search('target:r"^%d jablek$"')).toEqual([U('alpha', 'cs', 'One apple')]);
      // The joined forms read "One apple", a newline, "%d apples": `.` would match the newline, no form does.
      expect(await search('source:r"apple.%d"')).toEqual([]);
      expect(await search('target:r"jablko.%d"')).toEqual([]);
      expect(await search('target:r"(?i)JABLKA\\s"')).toEqual([]);
    });

    it('target: substring, quoted phrase, regex', async () => {
      expect(await search('target:Welt')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('gamma', 'de', 'Hello world')]));
      expect(await search('target:"Ahoj světe"')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('target:öffnen')).toEqual(sorted([U('alpha', 'de', 'Open', 'menu'), U('alpha', 'de', 'Open', 'dialog')]));
      expect(await search('target:jablek')).toEqual(sorted([U('alpha', 'cs', 'One apple')]));
      expect(await search('target:r"\\.$" NOT language:en')).toEqual(sorted([U('alpha', 'de', 'Quit the program.')]));
      expect(await search('target:r"^$" language:cs')).toEqual(sorted([U('alpha', 'cs', 'Open', 'dialog'), U('alpha', 'cs', 'Cancel'), U('beta', 'cs', 'Hello again')]));
    });

    it('context: and key:', async () => {
      expect(await search('context:menu')).toEqual(sorted(allLanguages('alpha', 'Open', 'menu')));
      expect(await search('key:dialog language:de')).toEqual(sorted([U('alpha', 'de', 'Open', 'dialog')]));
      expect(await search('context:="MENU"')).toEqual([]);
      expect(await search('key:r"^(menu|dialog)$" language:cs')).toEqual(sorted([U('alpha', 'cs', 'Open', 'menu'), U('alpha', 'cs', 'Open', 'dialog')]));
    });

    it('note: and location:', async () => {
      expect(await search('note:toolbar')).toEqual(sorted(allLanguages('beta', 'Print page', '', ['en', 'cs'])));
      expect(await search('note:"start page" language:cs')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('note:exports')).toEqual(sorted(allLanguages('gamma', 'Export data', '', ['en', 'de'])));
      expect(await search('location:main.c language:de')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('alpha', 'de', 'Cancel')]));
      expect(await search('location:"src/menu.c:20"')).toEqual(sorted(allLanguages('alpha', 'Open', 'menu')));
      expect(await search('location:r":[0-9]$"')).toEqual(sorted(allLanguages('beta', 'Print page', '', ['en', 'cs'])));
    });

    it('explanation: matches every unit of the explained string', async () => {
      expect(await search('explanation:window')).toEqual(sorted(allLanguages('alpha', 'Quit the program.')));
      expect(await search('explanation:"nothing like this"')).toEqual([]);
      expect(await search('has:explanation language:cs')).toEqual(sorted([U('alpha', 'cs', 'Quit the program.')]));
    });

    it('quoting: single quotes, escaped quotes, brackets and keys in any case', async () => {
      expect(await search("target:'Hallo Welt' project:" + pa.slug)).toEqual([U('alpha', 'de', 'Hello world')]);
      expect(await search('source:"Quit the \\"program" OR SOURCE:"the program."')).toEqual(allLanguages('alpha', 'Quit the program.'));
      expect(await searchIn(pa, 'alpha', 'cs', 'position:[2 to 3]')).toEqual([U('alpha', 'cs', 'Open', 'menu'), U('alpha', 'cs', 'Open', 'dialog')]);
      expect(await searchIn(pa, 'alpha', 'cs', 'has:context')).toEqual([U('alpha', 'cs', 'Open', 'menu'), U('alpha', 'cs', 'Open', 'dialog')]);
      expect(await searchIn(pa, 'alpha', 'cs', 'has:note OR is:needs-editing')).toEqual([U('alpha', 'cs', 'Hello world'), U('alpha', 'cs', 'Save file')]);
    });

    it('free text searches source, target and context; quotes keep a phrase together', async () => {
      expect(await search('Welt')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('gamma', 'de', 'Hello world')]));
      expect(await search('dialog language:cs')).toEqual(sorted([U('alpha', 'cs', 'Open', 'dialog')]));
      expect(await search('"Hello again"')).toEqual(sorted(allLanguages('beta', 'Hello again', '', ['en', 'cs'])));
      expect(await search('hello page')).toEqual([]);
      expect(await search('"world Hello"')).toEqual([]);
    });
  });

  describe('has:', () => {
    it('has:suggestion / has:comment / has:check / has:plural / has:label', async () => {
      expect(await search('has:suggestion')).toEqual(sorted([U('alpha', 'cs', 'Cancel'), U('beta', 'cs', 'Hello again')]));
      expect(await search('has:comment')).toEqual(sorted([U('alpha', 'de', 'Save file')]));
      expect(await search('has:resolved-comment')).toEqual(sorted([U('alpha', 'cs', 'Save file')]));
      expect(await search('has:check')).toEqual(sorted([U('alpha', 'cs', 'Quit the program.')]));
      expect(await search('has:plural')).toEqual(sorted(allLanguages('alpha', 'One apple')));
      expect(await search('has:label')).toEqual(sorted([...allLanguages('alpha', 'Cancel'), ...allLanguages('beta', 'Print page', '', ['en', 'cs'])]));
      expect(await searchIn(pa, 'alpha', 'cs', 'NOT has:label AND NOT has:plural AND has:location')).toEqual([U('alpha', 'cs', 'Hello world'), U('alpha', 'cs', 'Open', 'menu')]);
    });

    it('suggestion: and comment: search the text', async () => {
      expect(await search('suggestion:zrušit')).toEqual(sorted([U('alpha', 'cs', 'Cancel')]));
      expect(await search('comment:menu')).toEqual(sorted([U('alpha', 'de', 'Save file')]));
      expect(await search('comment:typo')).toEqual([]);
      expect(await search('resolved_comment:typo')).toEqual(sorted([U('alpha', 'cs', 'Save file')]));
    });
  });

  describe('other keys', () => {
    it('check: names a failing check', async () => {
      expect(await search('check:end_stop')).toEqual(sorted([U('alpha', 'cs', 'Quit the program.')]));
      expect(await search('check:END_STOP')).toEqual(sorted([U('alpha', 'cs', 'Quit the program.')]));
      expect(await search('check:end_colon')).toEqual([]);
      expect(await search('NOT check:end_stop AND source:Quit')).toEqual(sorted([U('alpha', 'en', 'Quit the program.'), U('alpha', 'de', 'Quit the program.')]));
    });

    it('label: matches the units of a labelled source string', async () => {
      expect(await search('label:urgent')).toEqual(sorted(allLanguages('alpha', 'Cancel')));
      expect(await search('label:LATER')).toEqual(sorted(allLanguages('beta', 'Print page', '', ['en', 'cs'])));
      expect(await search('label:urgent OR label:later language:cs')).toEqual(sorted([...allLanguages('alpha', 'Cancel'), U('beta', 'cs', 'Print page')]));
      expect(await search('label:none')).toEqual([]);
    });

    it('priority: compares numbers', async () => {
      expect(await search('priority:150')).toEqual(sorted([U('alpha', 'cs', 'Cancel'), U('alpha', 'de', 'Cancel')]));
      expect(await search('priority:>100')).toEqual(sorted([U('alpha', 'cs', 'Cancel'), U('alpha', 'de', 'Cancel')]));
      expect(await search('priority:<100')).toEqual(sorted([U('beta', 'cs', 'Zoom in')]));
      expect(await search('priority:<=100 AND priority:>=100 AND component:beta language:cs')).toEqual(sorted([U('beta', 'cs', 'Print page'), U('beta', 'cs', 'Hello again')]));
    });

    it('position: is the place in the file', async () => {
      expect(await searchIn(pa, 'alpha', 'cs', 'position:1')).toEqual([U('alpha', 'cs', 'Hello world')]);
      expect(await searchIn(pa, 'alpha', 'cs', 'position:2..3')).toEqual([U('alpha', 'cs', 'Open', 'menu'), U('alpha', 'cs', 'Open', 'dialog')]);
      expect(await searchIn(pa, 'alpha', 'cs', 'position:>=6')).toEqual([U('alpha', 'cs', 'One apple'), U('alpha', 'cs', 'Cancel')]);
    });

    it('id: equality, lists, comparisons and ranges', async () => {
      const a = U('alpha', 'cs', 'Cancel');
      const b = U('beta', 'cs', 'Zoom in');
      expect(await search(`id:${a}`)).toEqual(sorted([a]));
      expect(await search(`id:${b},${a}`)).toEqual(sorted([a, b]));
      const all = await search('');
      const max = Math.max(...all);
      expect(await search(`id:>=${max - 1}`)).toEqual(sorted([max - 1, max]));
      expect(await search(`id:${max - 2}..${max - 1}`)).toEqual(sorted([max - 2, max - 1]));
      expect(await search(`id:[${max - 2} to ${max - 1}]`)).toEqual(sorted([max - 2, max - 1]));
    });

    it('pending: and changed_by: follow API edits', async () => {
      expect(await search('pending:yes')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('alpha', 'de', 'Open', 'menu')]));
      expect(await search('is:pending')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('alpha', 'de', 'Open', 'menu')]));
      expect(await search('pending:no AND component:alpha AND language:de')).toEqual(
        sorted([U('alpha', 'de', 'Hello world'), U('alpha', 'de', 'Open', 'dialog'), U('alpha', 'de', 'Save file'), U('alpha', 'de', 'Quit the program.'), U('alpha', 'de', 'One apple'), U('alpha', 'de', 'Cancel')]),
      );
      expect(await search(`changed_by:${admin.user.username}`)).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search(`changed_by:${translator.user.username.toUpperCase()}`)).toEqual(sorted([U('alpha', 'de', 'Open', 'menu')]));
      expect(await search('changed_by:nobody')).toEqual([]);
    });

    it('changed_by: counts only content changes, by their author', async () => {
      // As Weblate (Change.ACTIONS_CONTENT): a suggestion or a comment is not a change of the string.
      const reviewer = await createUser(t);
      const ghost = await createUser(t);
      const record = (action: number, unitId: number, userId: number, authorId: number | null) =>
        t.dataSource.query('INSERT INTO changes (action, unit_id, user_id, author_id) VALUES ($1, $2, $3, $4)', [action, unitId, userId, authorId]);
      await record(4 /* suggestion added */, U('beta', 'cs', 'Hello again'), reviewer.user.id, reviewer.user.id);
      await record(3 /* comment added */, U('alpha', 'de', 'Save file'), reviewer.user.id, reviewer.user.id);
      expect(await search(`changed_by:${reviewer.user.username}`)).toEqual([]);
      // Accepted on behalf of the reviewer: the author is who wrote the text.
      await record(7 /* suggestion accepted */, U('gamma', 'de', 'Export data'), ghost.user.id, reviewer.user.id);
      expect(await search(`changed_by:${reviewer.user.username}`)).toEqual([U('gamma', 'de', 'Export data')]);
      expect(await search(`changed_by:${ghost.user.username}`)).toEqual([]);
    });

    it('language:, component:, project:', async () => {
      expect(await search('language:cs project:' + pb.slug)).toEqual([]);
      expect(await search(`project:${pb.slug}`)).toEqual(sorted([...allLanguages('gamma', 'Hello world', '', ['en', 'de']), ...allLanguages('gamma', 'Export data', '', ['en', 'de'])]));
      expect(await search(`project:${pa.slug.toUpperCase()} language:cs component:beta`)).toEqual(sorted([U('beta', 'cs', 'Print page'), U('beta', 'cs', 'Hello again'), U('beta', 'cs', 'Zoom in')]));
      expect(await search('component:widgets source:Open')).toEqual(sorted([...allLanguages('alpha', 'Open', 'menu'), ...allLanguages('alpha', 'Open', 'dialog')]));
      expect(await search('component:"Beta Tools" is:fuzzy')).toEqual(sorted([U('beta', 'cs', 'Zoom in')]));
      expect(await search('language:de source:Hello')).toEqual(sorted([U('alpha', 'de', 'Hello world'), U('gamma', 'de', 'Hello world')]));
      expect(await search('language:r"^(cs|de)$" source:Export')).toEqual(sorted([U('gamma', 'de', 'Export data')]));
    });
  });

  describe('dates', () => {
    it('added: ranges include both ends, by day', async () => {
      expect(await search('added:2024-01-01..2024-01-31')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('beta', 'cs', 'Print page')]));
      expect(await search('added:[2024-01-01 to 2024-01-31]')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('beta', 'cs', 'Print page')]));
      expect(await search('added:2024-02')).toEqual(sorted([U('gamma', 'de', 'Export data')]));
      expect(await search('added:>=2024')).toEqual(sorted([U('alpha', 'cs', 'Hello world'), U('beta', 'cs', 'Print page'), U('gamma', 'de', 'Export data')]));
      expect(await search('added:<2024-01-01 AND added:>2023-12-31')).toEqual([]);
      expect(await search('added:2023-12-31')).toEqual(sorted([U('gamma', 'de', 'Hello world')]));
    });

    it('changed: compares with the span named', async () => {
      expect(await search('changed:>2024-06-01')).toEqual(sorted([U('alpha', 'de', 'Save file'), U('beta', 'cs', 'Zoom in')]));
      expect(await search('changed:>=2024-06-01')).toEqual(sorted([U('alpha', 'de', 'Save file'), U('beta', 'cs', 'Zoom in'), U('gamma', 'de', 'Hello world')]));
      expect(await search('changed:2024-06')).toEqual(sorted([U('beta', 'cs', 'Zoom in'), U('gamma', 'de', 'Hello world')]));
      expect(await search('last_changed:2024-07-01T08:00')).toEqual(sorted([U('alpha', 'de', 'Save file')]));
      expect(await search('changed:<2024 AND language:de AND component:gamma')).toEqual(sorted([U('gamma', 'de', 'Export data')]));
    });
  });

  describe('boolean operators', () => {
    it('AND binds tighter than OR; NOT and parentheses', async () => {
      const cancel = [U('alpha', 'cs', 'Cancel'), U('alpha', 'de', 'Cancel')];
      expect(await search('source:Cancel AND language:cs OR source:Zoom AND language:cs')).toEqual(sorted([U('alpha', 'cs', 'Cancel'), U('beta', 'cs', 'Zoom in')]));
      expect(await search('source:Cancel AND (language:cs OR language:de)')).toEqual(sorted(cancel));
      expect(await search('source:Cancel language:cs OR language:de')).toHaveLength(1 + 7 + 2);
      expect(await search('source:Cancel NOT language:en')).toEqual(sorted(cancel));
      expect(await search('source:Cancel AND NOT (language:en OR is:untranslated)')).toEqual(sorted([U('alpha', 'de', 'Cancel')]));
      expect(await search('NOT NOT is:approved')).toEqual(sorted([U('alpha', 'cs', 'Hello world')]));
      expect(await search('(is:fuzzy OR has:suggestion) AND NOT (component:beta)')).toEqual(sorted([U('alpha', 'cs', 'Save file'), U('alpha', 'cs', 'Cancel')]));
      expect(await search('source:cancel and language:de')).toEqual(sorted([U('alpha', 'de', 'Cancel')]));
      expect(await searchIn(pa, 'alpha', 'de', '((source:Open AND context:menu) OR (note:greeting)) AND NOT state:empty')).toEqual([U('alpha', 'de', 'Hello world'), U('alpha', 'de', 'Open', 'menu')]);
    });
  });

  describe('access', () => {
    it('hides private projects from anonymous callers', async () => {
      expect(await search(`project:${secret.slug}`, null)).toEqual([]);
      expect(await search('source:Secret', null)).toEqual([]);
      expect(await search(`project:${secret.slug}`)).toEqual(sorted(allLanguages('delta', 'Secret hello', '', ['en', 'cs'])));
      expect(await search(`project:${pa.slug} language:cs component:beta`, null)).toHaveLength(3);
    });
  });

  describe('syntax errors', () => {
    it.each([
      ['(state:translated', /Unbalanced "\(" at position 0/],
      ['state:translated)', /Unbalanced "\)" at position 16/],
      ['source:a AND (b OR (c)', /Unbalanced "\(" at position 13/],
      ['foo:bar', /Unknown field "foo" at position 0/],
      ['language:cs bogus:x', /Unknown field "bogus" at position 12/],
      ['source:"abc', /Unterminated quoted string at position 7/],
      ['target:r"abc', /Unterminated quoted string at position 8/],
      ['is:nonsense', /Unknown "is:" value "nonsense" at position 3/],
      ['state:sometimes', /Unknown state "sometimes" at position 6/],
      // Words that name properties every JavaScript object has are unknown values like any other.
      ['is:constructor', /Unknown "is:" value "constructor" at position 3/],
      ['has:constructor', /Unknown "has:" value "constructor" at position 4/],
      ['has:__proto__', /Unknown "has:" value "__proto__" at position 4/],
      ['state:constructor', /Unknown state "constructor" at position 6/],
      ['constructor:x', /Unknown field "constructor" at position 0/],
      ['__proto__:x', /Unknown field "__proto__" at position 0/],
      ['toString:x', /Unknown field "toString" at position 0/],
      ['changed:2024-13-01', /Invalid date "2024-13-01" at position 8/],
      ['source:r"(unclosed"', /Invalid regular expression.* at position 7/],
      ['source:a AND', /Unexpected end of query at position 12/],
      ['OR source:a', /Unexpected "OR" at position 0/],
      ['()', /Empty parentheses at position 0/],
    ])('%s', async (q, message) => {
      expect(await syntaxError(q)).toMatch(new RegExp(`^Could not parse query string: .*${message.source}`));
    });

    it('refuses a NUL character instead of failing in the database', async () => {
      expect(await syntaxError('source:a\u0000b')).toBe('Null characters are not allowed.');
    });

    it('answers on the translation listing too', async () => {
      const res = await t.http().get(`/api/translations/${pa.slug}/alpha/cs/units/?q=${encodeURIComponent('note:(x')}`).set('Authorization', admin.auth).expect(400);
      expect(res.body.errors[0]).toMatchObject({ attr: 'q' });
    });
  });
});
