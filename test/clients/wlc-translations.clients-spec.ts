import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createUser, UserWithToken } from '../factories/user.factory';
import { GitHttpServer, startGitHttpServer } from '../support/git-http-server';
import { createTestApp, TestApp } from '../support/test-app';

const run = promisify(execFile);

/** A PO file: a header for `language`, then `msgid -> msgstr` pairs (a `#, fuzzy` flag where the value says so). */
function po(language: string, entries: Record<string, string | { fuzzy: string }> = {}): string {
  const header = `msgid ""\nmsgstr ""\n"Language: ${language}\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n`;
  return header + Object.entries(entries)
    .map(([id, value]) => typeof value === 'string' ? `\nmsgid "${id}"\nmsgstr "${value}"\n` : `\n#, fuzzy\nmsgid "${id}"\nmsgstr "${value.fuzzy}"\n`)
    .join('');
}
const SOURCE = { Hello: '', Goodbye: '', Thanks: '' };

/** wlc's text output: one `key: value` per line, list items separated by a blank line. */
function blocks(output: string): Record<string, string>[] {
  return output.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean).map((block) => {
    const fields: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const match = /^(\w+):(?: (.*))?$/.exec(line);
      if (match) fields[match[1]] = (match[2] ?? '').trim();
    }
    return fields;
  });
}

/** How wlc prints a JSON value in text mode (`format_value`): floats with one decimal, null as nothing. */
function asPrinted(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(1);
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

/** The statistics keys wlc prints, except `last_change`, which it re-formats as a Python datetime. */
const STAT_KEYS = ['failing', 'failing_percent', 'fuzzy', 'fuzzy_percent', 'name', 'recent_changes', 'total', 'total_words', 'translated', 'translated_percent', 'translated_words', 'url'];

/**
 * Translation work through the official Weblate client (Debian package `wlc`): uploading and downloading files,
 * statistics, changes, translation listings, and committing and pushing the uploaded strings to the upstream
 * repository. Every check reads wlc's own output and the server's or the repository's state.
 */
describe('wlc: uploads, downloads, statistics, changes and commits of translations', () => {
  let t: TestApp;
  let git: GitHttpServer;
  let home: string;
  let api: string;
  let admin: UserWithToken;

  const env = () => ({ ...process.env, HOME: home, XDG_CONFIG_HOME: home });
  const wlcAs = async (key: string | null, ...args: string[]) => {
    const { stdout } = await run('wlc', ['--url', api, ...(key ? ['--key', key] : []), ...args], { env: env(), cwd: home });
    return stdout;
  };
  const wlc = (...args: string[]) => wlcAs(admin.token, ...args);
  /** Runs wlc expecting it to fail; returns its exit code and output. */
  const wlcFails = async (key: string | null, ...args: string[]) => {
    try {
      const { stdout } = await run('wlc', ['--url', api, ...(key ? ['--key', key] : []), ...args], { env: env(), cwd: home });
      throw new Error(`wlc ${args.join(' ')} succeeded: ${stdout}`);
    } catch (error) {
      const failure = error as { code?: number; stdout?: string; stderr?: string };
      if (typeof failure.code !== 'number') throw error;
      return { code: failure.code, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
    }
  };
  /** `wlc upload` reading the file from standard input, as it does without `--input`. */
  const wlcUploadStdin = (path: string, content: string, ...args: string[]) =>
    new Promise<string>((resolve, reject) => {
      const child = execFile('wlc', ['--url', api, '--key', admin.token, 'upload', path, ...args], { env: env(), cwd: home }, (error, stdout, stderr) =>
        error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout));
      child.stdin?.end(content);
    });
  const file = async (name: string, content: string) => {
    const path = join(home, name);
    await writeFile(path, content);
    return path;
  };
  const get = async (path: string) => (await t.http().get(path).set('Authorization', admin.auth).expect(200)).body;
  /** Every unit of a translation by source string. */
  const units = async (language: string) => {
    const body = await get(`/api/translations/hello/app/${language}/units/`);
    return Object.fromEntries((body.results as { source: string[]; target: string[]; state: number; pending: boolean; has_suggestion: boolean }[])
      .map((unit) => [unit.source[0], { target: unit.target[0], state: unit.state, pending: unit.pending, has_suggestion: unit.has_suggestion }]));
  };
  /** Every change of a list endpoint, following `next` as wlc does. */
  const allChanges = async (path: string) => {
    const results: { action_name: string; target: string }[] = [];
    for (let next: string | null = path; next;) {
      const body = await get(next.replace(/^https?:\/\/[^/]+/, ''));
      results.push(...body.results);
      next = body.next;
    }
    return results;
  };

  beforeAll(async () => {
    [t, git] = await Promise.all([createTestApp({ VCS_ALLOW_SCHEMES: 'http,https', VCS_BLOCK_PRIVATE_HOSTS: 'false' }), startGitHttpServer()]);
    await t.app.listen(0, '127.0.0.1');
    api = `http://127.0.0.1:${(t.app.getHttpServer().address() as AddressInfo).port}/api/`;
    home = await mkdtemp(join(tmpdir(), 'wlc-home-'));
    admin = await createUser(t, { isSuperuser: true });
    const repo = await git.createBareRepo('hello', { 'po/cs.po': po('cs', SOURCE), 'po/de.po': po('de', SOURCE), 'po/fr.po': po('fr', SOURCE) });
    await t.http().post('/api/projects/').set('Authorization', admin.auth).send({ name: 'Hello', slug: 'hello', web: 'https://hello.example/' }).expect(201);
    await t.http().post('/api/projects/hello/components/').set('Authorization', admin.auth)
      .send({ name: 'App', slug: 'app', repo, filemask: 'po/*.po', file_format: 'po' }).expect(201);
    await t.drainTasks();
  });

  afterAll(async () => {
    await t.close();
    await git.close();
    await rm(home, { recursive: true, force: true });
  });

  it('uploads a PO file: matching strings are translated, unknown ones are left out', async () => {
    const input = await file('cs.po', po('cs', { Hello: 'Ahoj', Goodbye: 'Nashledanou', Unknown: 'Neznámé' }));
    // wlc checks the answer for count, result, total, accepted, not_found and skipped, and prints nothing.
    expect(await wlc('upload', 'hello/app/cs', '--input', input)).toBe('');
    const cs = await units('cs');
    expect(cs.Hello).toMatchObject({ target: 'Ahoj', state: 20, pending: true });
    expect(cs.Goodbye).toMatchObject({ target: 'Nashledanou', state: 20 });
    expect(cs.Thanks).toMatchObject({ target: '', state: 0 });
    expect(Object.keys(cs).sort()).toEqual(['Goodbye', 'Hello', 'Thanks']);
  });

  // Weblate: a translation with pending units needs a commit (Translation.needs_commit), although the upload has
  // not touched the working tree yet.
  it('reports the uploaded, not yet committed strings as needing a commit', async () => {
    expect(await wlc('repo', 'hello/app/cs')).toMatch(/needs_commit: True/);
    expect(await wlc('repo', 'hello/app')).toMatch(/needs_commit: True/);
    expect(await wlc('repo', 'hello')).toMatch(/needs_commit: True/);
  });

  it('downloads the uploaded strings, as stored and converted', async () => {
    const downloaded = await wlc('download', 'hello/app/cs');
    expect(downloaded).toContain('msgid "Hello"\nmsgstr "Ahoj"');
    expect(downloaded).toContain('msgid "Goodbye"\nmsgstr "Nashledanou"');
    expect(downloaded).toContain('msgid "Thanks"\nmsgstr ""');
    expect(downloaded).not.toContain('Unknown');

    const output = join(home, 'out-cs.po');
    expect(await wlc('download', 'hello/app/cs', '-o', output)).toBe('');
    expect(await readFile(output, 'utf8')).toBe(downloaded);

    const csv = await wlc('download', 'hello/app/cs', '--convert', 'csv');
    expect(csv).toMatch(/"Hello","Ahoj"/);
    expect(csv).toMatch(/"Goodbye","Nashledanou"/);
    expect(await wlc('download', 'hello/app/cs', '--convert', 'po')).toMatch(/msgid "Hello"\nmsgstr "Ahoj"/);
    // The other languages are untouched.
    expect(await wlc('download', 'hello/app/de')).toContain('msgid "Hello"\nmsgstr ""');
  });

  it('prints translation statistics that match the API', async () => {
    const [printed] = blocks(await wlc('stats', 'hello/app/cs'));
    const stats = await get('/api/translations/hello/app/cs/statistics/');
    for (const key of [...STAT_KEYS, 'code', 'last_author']) expect([key, printed[key]]).toEqual([key, asPrinted(stats[key])]);
    expect(printed).toMatchObject({ code: 'cs', translated: '2', total: '3', translated_percent: '66.6', last_author: admin.user.fullName });
    expect(printed.last_change).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
  });

  it('prints component statistics, one block per translation, that match the API', async () => {
    const printed = blocks(await wlc('stats', 'hello/app'));
    const { results } = await get('/api/components/hello/app/statistics/');
    expect(printed.map((block) => block.code).sort()).toEqual(results.map((item: { code: string }) => item.code).sort());
    for (const item of results) {
      const block = printed.find((candidate) => candidate.code === item.code)!;
      for (const key of [...STAT_KEYS, 'last_author']) expect([item.code, key, block[key]]).toEqual([item.code, key, asPrinted(item[key])]);
    }
    expect(printed.find((block) => block.code === 'cs')).toMatchObject({ translated: '2', total: '3' });
    expect(printed.find((block) => block.code === 'de')).toMatchObject({ translated: '0', total: '3', last_change: '' });
  });

  it('prints project statistics that match the API', async () => {
    const [printed] = blocks(await wlc('stats', 'hello'));
    const stats = await get('/api/projects/hello/statistics/');
    for (const key of STAT_KEYS) expect([key, printed[key]]).toEqual([key, asPrinted(stats[key])]);
    expect(printed.name).toBe('Hello');
    expect(Number(printed.total)).toBeGreaterThanOrEqual(9); // cs, de and fr: 3 strings each
    expect(Number(printed.translated)).toBeGreaterThanOrEqual(2);
  });

  it('counts the upload among the recent changes', async () => {
    const [printed] = blocks(await wlc('stats', 'hello/app/cs'));
    expect(Number(printed.recent_changes)).toBeGreaterThan(0);
  });

  it('lists the upload among the changes of the translation, the component and the project', async () => {
    const changes = blocks(await wlc('changes', 'hello/app/cs'));
    const uploaded = changes.filter((change) => change.action_name === 'Translation uploaded');
    expect(uploaded.map((change) => change.target).sort()).toEqual(['Ahoj', 'Nashledanou']);
    for (const change of uploaded) {
      expect(change).toMatchObject({ translation: 'cs', component: 'app' });
      expect(change.unit).toMatch(/\/api\/units\/\d+\/$/);
      expect(change.url).toMatch(/\/api\/changes\/\d+\/$/);
    }
    // Everything the API lists, over every page, and nothing else.
    const listed = await allChanges('/api/translations/hello/app/cs/changes/');
    expect(changes.map((change) => change.action_name)).toEqual(listed.map((change) => change.action_name));

    for (const path of ['hello/app', 'hello']) {
      const targets = blocks(await wlc('changes', path)).filter((change) => change.action_name === 'Translation uploaded').map((change) => change.target);
      expect(targets.sort()).toEqual(['Ahoj', 'Nashledanou']);
    }
    const json = JSON.parse(await wlc('--format', 'json', 'changes', 'hello/app/cs'));
    expect(json.filter((change: { action_name: string }) => change.action_name === 'Translation uploaded')).toHaveLength(2);
  });

  it('lists and shows the translation with its new counts', async () => {
    const translations = blocks(await wlc('list-translations', 'hello/app'));
    expect(translations.map((translation) => translation.language_code).sort()).toEqual(['cs', 'de', 'en', 'fr']);
    const cs = translations.find((translation) => translation.language_code === 'cs')!;
    expect(cs).toMatchObject({ filename: 'po/cs.po', translated: '2', total: '3', translated_percent: '66.6', component: 'app', language: 'cs' });
    expect(cs.last_author).toBe(admin.user.fullName);
    expect(blocks(await wlc('list-translations')).filter((translation) => translation.language_code === 'cs')).toHaveLength(1);

    const [shown] = blocks(await wlc('show', 'hello/app/cs'));
    const translation = await get('/api/translations/hello/app/cs/');
    for (const key of ['translated', 'total', 'fuzzy', 'translated_percent', 'translated_words', 'total_words', 'filename', 'revision', 'last_author', 'url', 'web_url']) {
      expect([key, shown[key]]).toEqual([key, asPrinted(translation[key])]);
    }
    const json = JSON.parse(await wlc('--format', 'json', 'show', 'hello/app/cs'));
    expect(json).toMatchObject({ language_code: 'cs', translated: 2, total: 3, component: { slug: 'app', project: { slug: 'hello' } }, language: { code: 'cs' } });
  });

  it('uploads as suggestions with --method suggest, leaving the translation alone', async () => {
    const input = await file('de.po', po('de', { Hello: 'Hallo', Goodbye: 'Auf Wiedersehen' }));
    expect(await wlc('upload', 'hello/app/de', '--method', 'suggest', '--input', input)).toBe('');
    const de = await units('de');
    expect(de.Hello).toMatchObject({ target: '', state: 0, has_suggestion: true });
    expect(de.Goodbye).toMatchObject({ target: '', state: 0, has_suggestion: true });
    expect(de.Thanks).toMatchObject({ has_suggestion: false });
    expect(await get('/api/translations/hello/app/de/statistics/')).toMatchObject({ suggestions: 2, translated: 0 });
    expect(blocks(await wlc('stats', 'hello/app/de'))[0]).toMatchObject({ translated: '0', fuzzy: '0' });
    expect(await wlc('download', 'hello/app/de')).toContain('msgid "Hello"\nmsgstr ""');
  });

  it('uploads from standard input as needing editing with --method fuzzy', async () => {
    expect(await wlcUploadStdin('hello/app/fr', po('fr', { Hello: 'Bonjour' }), '--method', 'fuzzy')).toBe('');
    expect((await units('fr')).Hello).toMatchObject({ target: 'Bonjour', state: 10 });
    const [printed] = blocks(await wlc('stats', 'hello/app/fr'));
    expect(printed).toMatchObject({ translated: '0', fuzzy: '1', fuzzy_percent: '33.3' });
    expect(await wlc('download', 'hello/app/fr')).toMatch(/#, fuzzy\nmsgid "Hello"\nmsgstr "Bonjour"/);
  });

  it('skips fuzzy strings of the file unless told --fuzzy process', async () => {
    const input = await file('cs-fuzzy.po', po('cs', { Thanks: { fuzzy: 'Dík' } }));
    expect(await wlc('upload', 'hello/app/cs', '--input', input)).toBe('');
    expect((await units('cs')).Thanks).toMatchObject({ target: '', state: 0 });
    expect(await wlc('upload', 'hello/app/cs', '--fuzzy', 'process', '--input', input)).toBe('');
    expect((await units('cs')).Thanks).toMatchObject({ target: 'Dík', state: 10 });
  });

  it('accepts --overwrite (sent as overwrite=yes) and fills in the strings', async () => {
    const input = await file('cs-all.po', po('cs', { Thanks: 'Díky' }));
    expect(await wlc('upload', 'hello/app/cs', '--overwrite', '--input', input)).toBe('');
    expect((await units('cs')).Thanks).toMatchObject({ target: 'Díky', state: 20 });
    expect(blocks(await wlc('stats', 'hello/app/cs'))[0]).toMatchObject({ translated: '3', translated_percent: '100' });
  });

  it('reports upload failures the way wlc expects', async () => {
    const broken = await file('broken.po', 'this is not a PO file\nmsgid "x\n');
    const parse = await wlcFails(admin.token, 'upload', 'hello/app/cs', '--input', broken);
    expect(parse.code).toBe(1);
    expect(parse.stderr).toMatch(/HTTP error 400: Bad Request .*'attr': 'file'/);

    const input = await file('any.po', po('cs', { Hello: 'Nazdar' }));
    const missing = await wlcFails(admin.token, 'upload', 'hello/app/xx', '--input', input);
    expect(missing.stderr).toMatch(/Object not found on the server/);

    // In a protected project an outsider sees the translation but may not upload: wlc prints the 403 detail, not
    // "Error: None" or a traceback. In a private one the translation does not exist for them.
    const outsider = await createUser(t);
    const accessControl = (value: number) => t.http().patch('/api/projects/hello/').set('Authorization', admin.auth).send({ access_control: value }).expect(200);
    try {
      await accessControl(1);
      const denied = await wlcFails(outsider.token, 'upload', 'hello/app/cs', '--input', input);
      expect(denied.code).toBe(1);
      expect(denied.stderr).toMatch(/^Error: \S.*permission/im);
      expect(denied.stderr).not.toMatch(/Error: None|Traceback/);
      await accessControl(100);
      expect((await wlcFails(outsider.token, 'upload', 'hello/app/cs', '--input', input)).stderr).toMatch(/Object not found on the server/);
    } finally {
      await accessControl(0);
    }
    expect((await units('cs')).Hello.target).toBe('Ahoj');
  });

  it('commits and pushes the uploaded strings to the upstream repository', async () => {
    const before = await git.log('hello');
    expect(await wlc('commit', 'hello/app/cs')).toBe('');
    await t.drainTasks();
    expect(Object.values(await units('cs')).every((unit) => !unit.pending)).toBe(true);
    const committed = blocks(await wlc('repo', 'hello/app'))[0];
    expect(committed).toMatchObject({ needs_commit: 'False', needs_push: 'True' });
    expect(committed.remote_commit).toContain(before[0].sha);
    // Nothing reached the upstream repository yet.
    expect((await git.log('hello')).map((commit) => commit.sha)).toEqual(before.map((commit) => commit.sha));

    expect(await wlc('push', 'hello/app')).toBe('');
    await t.drainTasks();
    const log = await git.log('hello');
    expect(log.length).toBeGreaterThan(before.length);
    expect(log.slice(log.length - before.length).map((commit) => commit.sha)).toEqual(before.map((commit) => commit.sha));
    const czech = log.find((commit) => /Language: cs/.test(commit.message))!;
    expect(czech).toMatchObject({ authorName: admin.user.fullName, authorEmail: admin.user.email });

    const upstream = await git.readFile('hello', 'po/cs.po');
    expect(upstream).toContain('msgid "Hello"\nmsgstr "Ahoj"');
    expect(upstream).toContain('msgid "Goodbye"\nmsgstr "Nashledanou"');
    expect(upstream).toContain('msgid "Thanks"\nmsgstr "Díky"');
    expect(await git.readFile('hello', 'po/fr.po')).toMatch(/#, fuzzy\nmsgid "Hello"\nmsgstr "Bonjour"/);
    // Suggestions stay on the server.
    expect(await git.readFile('hello', 'po/de.po')).not.toContain('Hallo');

    const pushed = blocks(await wlc('repo', 'hello/app'))[0];
    expect(pushed).toMatchObject({ needs_commit: 'False', needs_push: 'False' });
    expect(pushed.remote_commit).toContain(log[0].sha);
    expect(blocks(await wlc('repo', 'hello'))[0]).toMatchObject({ needs_commit: 'False', needs_push: 'False' });
    // The downloaded file is now the committed one.
    expect(await wlc('download', 'hello/app/cs')).toBe(upstream);
    const changes = blocks(await wlc('changes', 'hello/app')).map((change) => change.action_name);
    expect(changes).toEqual(expect.arrayContaining(['Changes committed', 'Changes pushed']));
  });
});
