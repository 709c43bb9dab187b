import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ImportMemoryCommand } from '../../src/cli/import-memory.command';
import { MemoryImportService } from '../../src/memory/memory-import.service';
import { AccessControl } from '../../src/projects/project.entity';
import { createProject, joinProjectTeam } from '../factories/project.factory';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createTestApp, TestApp } from '../support/test-app';
import { binaryBody } from '../support/binary-body';

const MAX_ENTRIES = 20;

const xml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const tmx = (pairs: [string, string][], target = 'cs') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/><body>${pairs
    .map(([source, text]) => `<tu><tuv xml:lang="en"><seg>${xml(source)}</seg></tuv><tuv xml:lang="${target}"><seg>${xml(text)}</seg></tuv></tu>`)
    .join('')}</body></tmx>`;

const BILLION_LAUGHS = `<?xml version="1.0"?>
<!DOCTYPE tmx [
  <!ENTITY lol "lol">
  <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Laugh</seg></tuv><tuv xml:lang="cs"><seg>&lol2;</seg></tuv></tu></body></tmx>`;

/** Imports into the memory (`POST /api/memory/`, `import-memory`) and its downloads (`GET /api/memory/download/`). */
describe('translation memory import and download', () => {
  let t: TestApp;
  let admin: UserWithToken;
  let scratch: string;

  beforeAll(async () => {
    t = await createTestApp({ MEMORY_IMPORT_MAX_ENTRIES: String(MAX_ENTRIES), UPLOAD_MAX_BYTES: '100000' });
    admin = await createUser(t, { isSuperuser: true });
    scratch = await mkdtemp(join(tmpdir(), 'memory-import-'));
  });
  afterAll(async () => {
    await rm(scratch, { recursive: true, force: true });
    await t.close();
  });

  const upload = (auth: string, name: string, content: string, fields: Record<string, string> = {}) => {
    const req = t.http().post('/api/memory/').set('Authorization', auth);
    for (const [field, value] of Object.entries(fields)) req.field(field, value);
    return req.attach('file', Buffer.from(content), name);
  };
  const list = async (auth: string, query = '') =>
    (await t.http().get(`/api/memory/?page_size=1000${query}`).set('Authorization', auth).expect(200)).body.results as Record<string, unknown>[];
  const total = async () => Number(((await t.dataSource.query('SELECT count(*) AS n FROM memory')) as { n: string }[])[0].n);

  it('imports into the caller’s own memory by default, once per pair, and shows it to them alone', async () => {
    const owner = await createUser(t);
    const other = await createUser(t);
    const file = tmx([['Open the door', 'Otevři dveře'], ['Close the door', 'Zavři dveře'], ['Open the door', 'Otevři dveře']]);

    expect((await upload(owner.auth, 'Doors.tmx', file).expect(200)).body).toEqual({ total: 3, created: 2 });
    expect((await upload(owner.auth, 'Doors.tmx', file).expect(200)).body).toEqual({ total: 3, created: 0 });
    expect((await upload(other.auth, 'doors.tmx', file).expect(200)).body).toEqual({ total: 3, created: 2 });

    const mine = await list(owner.auth, '&source=the door');
    expect(mine.map((entry) => [entry.source, entry.target, entry.origin, entry.project, entry.from_file])).toEqual([
      ['Open the door', 'Otevři dveře', 'doors.tmx', null, true],
      ['Close the door', 'Zavři dveře', 'doors.tmx', null, true],
    ]);
    const othersId = (await list(other.auth, '&source=the door'))[0].id;
    await t.http().get(`/api/memory/${othersId}/`).set('Authorization', owner.auth).expect(404);
    await t.http().delete(`/api/memory/${mine[0].id}/`).set('Authorization', owner.auth).expect(204);
  });

  it('imports into a project’s memory with memory.edit there, and into the site’s with memory.manage', async () => {
    const project = await createProject(t);
    const hidden = await createProject(t, { accessControl: AccessControl.Private });
    const translator = await createUser(t);
    const memoryTeam = await createUser(t);
    await joinProjectTeam(t, memoryTeam.user.id, project, 'Memory');
    const file = tmx([['Project words', 'Slova projektu']]);

    const refused = await upload(translator.auth, 'project.tmx', file, { project: project.slug }).expect(403);
    expect(refused.body.detail).toBe('Can not edit memory');
    await upload(translator.auth, 'project.tmx', file, { scope: 'project', project: hidden.slug }).expect(404);
    expect((await upload(memoryTeam.auth, 'project.tmx', file, { scope: 'project', project: project.slug }).expect(200)).body).toEqual({ total: 1, created: 1 });
    expect((await list(translator.auth, `&project=${project.slug}`)).map((entry) => [entry.source, entry.project, entry.from_file])).toEqual([['Project words', project.id, true]]);

    const site = tmx([['Site words', 'Slova webu']]);
    await upload(translator.auth, 'site.tmx', site, { scope: 'site' }).expect(403);
    expect((await upload(admin.auth, 'site.tmx', site, { scope: 'site' }).expect(200)).body).toEqual({ total: 1, created: 1 });
    expect(await list(translator.auth, '&source=Site words')).toEqual([]);
    expect((await list(admin.auth, '&source=Site words')).map((entry) => [entry.project, entry.origin])).toEqual([[null, 'site.tmx']]);
  });

  it('imports Weblate’s memory JSON export and bilingual PO files', async () => {
    const user = await createUser(t);
    const json = JSON.stringify([
      { source: 'Json source', target: 'Zdroj JSON', source_language: 'en', target_language: 'cs', origin: 'x/y', category: 1, context: '', status: 1 },
      { source: 'Json source', target: 'Quelle JSON', source_language: 'en', target_language: 'fr', origin: 'x/y', category: 1 },
    ]);
    expect((await upload(user.auth, 'export.json', json).expect(200)).body).toEqual({ total: 2, created: 2 });
    const po = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: de\\n"\n\nmsgid "Po source"\nmsgstr "PO-Quelle"\n\nmsgid "Untranslated"\nmsgstr ""\n';
    const missing = await upload(user.auth, 'de.po', po).expect(400);
    expect(missing.body.errors[0]).toMatchObject({ attr: 'file', detail: expect.stringContaining('Missing source or target language') });
    expect((await upload(user.auth, 'de.po', po, { source_language: 'en' }).expect(200)).body).toEqual({ total: 1, created: 1 });
    const entries = await list(user.auth, '&origin=de.po');
    expect(entries.map((entry) => [entry.source, entry.target])).toEqual([['Po source', 'PO-Quelle']]);
  });

  it('refuses entity declarations, too many pairs, too large files and unknown languages with 400 (413), storing nothing', async () => {
    const user = await createUser(t);
    const before = await total();

    const laughs = await upload(user.auth, 'laughs.tmx', BILLION_LAUGHS).expect(400);
    expect(laughs.body).toMatchObject({ type: 'validation_error', errors: [{ attr: 'file', detail: expect.stringContaining('entity declarations are not allowed') }] });
    const xxe = '<?xml version="1.0"?><!DOCTYPE tmx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>a</seg></tuv><tuv xml:lang="cs"><seg>&xxe;</seg></tuv></tu></body></tmx>';
    await upload(user.auth, 'xxe.tmx', xxe).expect(400);

    const many = tmx(Array.from({ length: MAX_ENTRIES + 1 }, (_, i): [string, string] => [`Pair ${i}`, `Pár ${i}`]));
    expect((await upload(user.auth, 'many.tmx', many).expect(400)).body.detail).toContain(`more than ${MAX_ENTRIES} translation pairs`);
    const huge = tmx([['Huge', 'x'.repeat(150_000)]]);
    await upload(user.auth, 'huge.tmx', huge).expect(413);

    const unknown = tmx([['Known pair', 'Známý pár']]).replace('</body>', '<tu><tuv xml:lang="en"><seg>b</seg></tuv><tuv xml:lang="xx-unknown"><seg>c</seg></tuv></tu></body>');
    expect((await upload(user.auth, 'unknown.tmx', unknown).expect(400)).body.detail).toBe('file: Could not find language "xx-unknown".');
    expect((await upload(user.auth, 'broken.tmx', '<tmx><header srclang="en"/><body>').expect(400)).body.detail).toMatch(/^file: Could not parse TMX file: /);
    expect(await total()).toBe(before);
  });

  it('validates the fields: a file, a known scope, a project only with the project scope, a known extension', async () => {
    const user = await createUser(t);
    expect((await t.http().post('/api/memory/').set('Authorization', user.auth).field('scope', 'personal').expect(400)).body.errors).toEqual([
      { code: 'required', detail: 'No file was submitted.', attr: 'file' },
    ]);
    expect((await upload(user.auth, 'a.tmx', tmx([]), { scope: 'everyone' }).expect(400)).body.errors[0]).toMatchObject({ attr: 'scope', detail: '"everyone" is not a valid choice.' });
    expect((await upload(user.auth, 'a.tmx', tmx([]), { scope: 'project' }).expect(400)).body.errors[0]).toMatchObject({ attr: 'project', detail: 'This field is required.' });
    expect((await upload(user.auth, 'a.tmx', tmx([]), { scope: 'personal', project: 'x' }).expect(400)).body.errors[0]).toMatchObject({ attr: 'project' });
    expect((await upload(user.auth, 'a.csv', 'a,b').expect(400)).body.detail).toBe('file: Unsupported file extension: .csv; use .tmx, .json, .po.');
    await t.http().post('/api/memory/').attach('file', Buffer.from(tmx([])), 'a.tmx').expect(401);
  });

  it('downloads what the caller may see as Weblate’s memory JSON or as TMX that xmllint accepts', async () => {
    const user = await createUser(t);
    const stranger = await createUser(t);
    await upload(user.auth, 'download.tmx', tmx([['Download <one> & "all"', 'Stáhnout <jeden> & „vše“'], ['Download two', 'Stáhnout dva']])).expect(200);
    await upload(stranger.auth, 'download.tmx', tmx([['Download secret', 'Tajné']])).expect(200);

    const json = await t.http().get('/api/memory/download/?origin=download.tmx').set('Authorization', user.auth).expect(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toContain('weblate-memory.json');
    expect(JSON.parse(json.text)).toEqual([
      { source: 'Download <one> & "all"', context: '', target: 'Stáhnout <jeden> & „vše“', source_language: 'en', target_language: 'cs', origin: 'download.tmx', category: 1, status: 1 },
      { source: 'Download two', context: '', target: 'Stáhnout dva', source_language: 'en', target_language: 'cs', origin: 'download.tmx', category: 1, status: 1 },
    ]);

    const file = await t.http().get('/api/memory/download/?format=tmx&origin=download.tmx').set('Authorization', user.auth).buffer(true).parse(binaryBody).expect(200);
    expect(file.headers['content-type']).toMatch(/^application\/x-tmx/);
    const path = join(scratch, 'download.tmx');
    await writeFile(path, file.body as Buffer);
    const lint = spawnSync('xmllint', ['--noout', path], { encoding: 'utf8' });
    expect(lint.stderr).toBe('');
    expect(lint.status).toBe(0);
    const segments = spawnSync('xmllint', ['--xpath', '//tuv/seg/text()', path], { encoding: 'utf8' }).stdout.trim().split('\n');
    expect(segments).toEqual(['Download &lt;one&gt; &amp; "all"', 'Stáhnout &lt;jeden&gt; &amp; „vše“', 'Download two', 'Stáhnout dva']);

    // Imported again, the download adds nothing: the same pairs of the same scope.
    expect((await upload(user.auth, 'download.tmx', (file.body as Buffer).toString()).expect(200)).body).toEqual({ total: 2, created: 0 });
    const refused = await t.http().get('/api/memory/download/?format=csv').set('Authorization', user.auth).expect(400);
    expect(refused.body.errors[0]).toMatchObject({ attr: 'format' });
    await t.http().get('/api/memory/download/').expect(401);
  });

  it('import-memory puts a file into the site-wide memory, and refuses a bad one with its reason', async () => {
    const command = new ImportMemoryCommand(t.dataSource, t.app.get(MemoryImportService));
    const output: string[] = [];
    jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      output.push(String(chunk));
      return true;
    });
    try {
      const good = join(scratch, 'Cli-Memory.tmx');
      await writeFile(good, tmx([['Command line', 'Příkazová řádka']]));
      await command.run([good]);
      expect(output).toEqual(['imported 1 new entries of 1 in the file (the others were already in the memory)\n']);
      const [entry] = (await t.dataSource.query("SELECT project_id, user_id, from_file, shared, origin FROM memory WHERE source = 'Command line'")) as Record<string, unknown>[];
      expect(entry).toEqual({ project_id: null, user_id: null, from_file: true, shared: false, origin: 'cli-memory.tmx' });

      const po = join(scratch, 'cs.po');
      await writeFile(po, 'msgid ""\nmsgstr ""\n"Language: cs\\n"\n\nmsgid "From PO"\nmsgstr "Z PO"\n');
      await command.run([po], { sourceLanguage: 'en' });
      expect(output[1]).toContain('imported 1 new entries');

      const bad = join(scratch, 'laughs.tmx');
      await writeFile(bad, BILLION_LAUGHS);
      const before = await total();
      await expect(command.run([bad])).rejects.toThrow(`${bad}: Could not parse TMX file: `);
      expect(await total()).toBe(before);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
