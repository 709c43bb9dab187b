import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createUser, UserWithToken } from '../factories/user.factory';
import { createGitComponent, useGitTestEnv } from '../support/git-component';

const HEADER = (language: string) => `msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ${language}\\n"\n`;
const PO = (language: string) => `${HEADER(language)}\nmsgid "Hello"\nmsgstr ""\n\nmsgid "Bye"\nmsgstr ""\n`;
const FILES = { 'po/cs.po': PO('cs'), 'po/de.po': PO('de'), 'po/app.pot': PO('en'), 'help/cs.po': PO('cs'), 'help/de.po': PO('de') };

/**
 * weblate.git.squash in each of Weblate's modes: two translators take turns on two languages of two components
 * sharing one repository (`app` and `help`, linked to it), each turn committed on its own, then everything is
 * pushed; the bare repository shows how the commits were regrouped.
 */
describe('weblate.git.squash', () => {
  const env = useGitTestEnv({ fullName: 'Ada Admin', email: 'ada@example.com' });
  let ann: UserWithToken;
  let bob: UserWithToken;
  beforeAll(async () => {
    ann = await createUser(env.t, { fullName: 'Ann Translator', email: 'ann@example.com', isSuperuser: true });
    bob = await createUser(env.t, { fullName: 'Bob Translator', email: 'bob@example.com', isSuperuser: true });
  });

  const call = (method: 'get' | 'post' | 'patch', path: string, auth = env.admin.auth) => env.t.http()[method](path).set('Authorization', auth);
  const repositoryOperation = (slug: string, operation: string) => call('post', `/api/components/${slug}/app/repository/`).send({ operation }).expect(200);

  async function translate(who: UserWithToken, slug: string, component: string, language: string, source: string, target: string) {
    const [unit] = (await call('get', `/api/translations/${slug}/${component}/${language}/units/?q=source:${source}`).expect(200)).body.results;
    await call('patch', `/api/units/${unit.id}/`, who.auth).send({ target: [target], state: 20 }).expect(200);
  }

  /** A repository `name` with both components, the add-on installed with `configuration`, and four turns committed. */
  async function squashed(name: string, configuration: Record<string, unknown>) {
    const { project } = await createGitComponent(env, name, FILES, { filemask: 'po/*.po', file_format: 'po', new_base: 'po/app.pot' });
    await call('post', `/api/projects/${project.slug}/components/`)
      .send({ name: 'Help', slug: 'help', repo: `weblate://${project.slug}/app`, filemask: 'help/*.po', file_format: 'po' })
      .expect(201);
    await env.t.drainTasks();
    await call('post', `/api/components/${project.slug}/app/addons/`).send({ name: 'weblate.git.squash', configuration }).expect(201);

    const turns: [UserWithToken, string, string, string, string][] = [
      [ann, 'app', 'cs', 'Hello', 'Ahoj'],
      [bob, 'app', 'de', 'Hello', 'Hallo'],
      [ann, 'help', 'de', 'Bye', 'Tschüss'],
      [bob, 'help', 'cs', 'Bye', 'Nashle'],
    ];
    for (const [who, component, language, source, target] of turns) {
      await translate(who, project.slug, component, language, source, target);
      await repositoryOperation(project.slug, 'commit');
    }
    await repositoryOperation(project.slug, 'push');

    const log = (await env.git.log(name)).slice(0, -1); // without the initial commit
    const files = (sha: string) =>
      execFileSync('git', ['--git-dir', join(env.git.root, name), 'show', '--name-only', '--format=', sha], { encoding: 'utf8' }).trim().split('\n').sort();
    expect(await env.git.readFile(name, 'po/cs.po')).toContain('msgstr "Ahoj"');
    expect(await env.git.readFile(name, 'help/cs.po')).toContain('msgstr "Nashle"');
    return { log, files };
  }

  const subjects = (message: string) => message.split('\n').filter((line) => line.startsWith('chore(l10n): '));
  const coAuthors = (message: string) => message.split('\n').filter((line) => line.startsWith('Co-authored-by:'));
  const CS = 'chore(l10n): update Czech translation';
  const DE = 'chore(l10n): update German translation';
  const ANN = 'Co-authored-by: Ann Translator <ann@example.com>';
  const BOB = 'Co-authored-by: Bob Translator <bob@example.com>';

  it('mode all pushes one commit by Weblate with the configured message and every translator as co-author', async () => {
    const { log, files } = await squashed('all', { squash: 'all', commit_message: 'Translations from Weblate' });

    expect(log).toHaveLength(1);
    expect(log[0].authorName).not.toMatch(/Ann|Bob/);
    expect(log[0].message.split('\n\n')[0]).toBe('Translations from Weblate');
    expect(coAuthors(log[0].message)).toEqual([ANN, BOB]);
    expect(files(log[0].sha)).toEqual(['help/cs.po', 'help/de.po', 'po/cs.po', 'po/de.po']);
  });

  it('mode language pushes one commit per language with the messages of its commits', async () => {
    const { log, files } = await squashed('language', { squash: 'language' });

    // Newest first: Czech was committed first.
    expect(log.map((commit) => files(commit.sha))).toEqual([['help/de.po', 'po/de.po'], ['help/cs.po', 'po/cs.po']]);
    // A turn commits each component's translation of its language: four commits per language.
    expect(log.map((commit) => subjects(commit.message))).toEqual([Array(4).fill(DE), Array(4).fill(CS)]);
    expect(log.map((commit) => coAuthors(commit.message))).toEqual([[ANN, BOB], [ANN, BOB]]);
    expect(new Set(log.map((commit) => commit.authorName)).size).toBe(1);
  });

  it('mode file pushes one commit per file, without trailers when append_trailers is off', async () => {
    const { log, files } = await squashed('file', { squash: 'file', append_trailers: false });

    expect(log.map((commit) => files(commit.sha))).toEqual([['po/de.po'], ['help/de.po'], ['po/cs.po'], ['help/cs.po']]);
    expect(log.map((commit) => subjects(commit.message))).toEqual([[DE, DE], [DE, DE], [CS, CS], [CS, CS]]);
    expect(log.flatMap((commit) => coAuthors(commit.message))).toEqual([]);
  });

  it('mode author pushes one commit per run of a translator\'s commits, authored by them, oldest first', async () => {
    const { log, files } = await squashed('author', { squash: 'author' });

    // A turn commits the language's files of both components (one commit each). Ann's German turn edits what Bob's German turn
    // wrote (the headers), so it cannot join her Czech turn before it: it makes a commit of its own, after Bob's.
    expect(log.map((commit) => [commit.authorName, commit.authorEmail, files(commit.sha)])).toEqual([
      ['Ann Translator', 'ann@example.com', ['help/de.po', 'po/de.po']],
      ['Bob Translator', 'bob@example.com', ['help/cs.po', 'help/de.po', 'po/cs.po', 'po/de.po']],
      ['Ann Translator', 'ann@example.com', ['help/cs.po', 'po/cs.po']],
    ]);
    expect(log.map((commit) => subjects(commit.message))).toEqual([[DE, DE], [CS, CS, DE, DE], [CS, CS]]);
    expect(log.map((commit) => coAuthors(commit.message))).toEqual([[ANN], [BOB], [ANN]]);
    const committers = execFileSync('git', ['--git-dir', join(env.git.root, 'author'), 'log', '--format=%cn', '-3'], { encoding: 'utf8' });
    expect(committers.trim().split('\n')).toEqual(Array(3).fill(expect.not.stringMatching(/Ann|Bob/)));
  });
});
