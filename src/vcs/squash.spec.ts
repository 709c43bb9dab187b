import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GitHttpServer, startGitHttpServer } from '../../test/support/git-http-server';
import { GitWorkingCopy } from './git-working-copy';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { Signature, WorkingCopy } from './working-copy';

const IMPLEMENTATIONS = [GitWorkingCopy, SystemGitWorkingCopy].map((implementation) => [implementation.name, implementation] as const);

const ANN = { name: 'Ann Translator', email: 'ann@example.com' };
const BOB = { name: 'Bob Translator', email: 'bob@example.com' };
const BOT = { name: 'Weblate', email: 'noreply@weblate.example' };
const PO = (target: string) => `msgid "a"\nmsgstr "${target}"\n`;

/** Squash groupings (Weblate's squash add-on modes), through both WorkingCopy implementations. */
describe.each(IMPLEMENTATIONS)('%s squash', (_name, Implementation) => {
  let server: GitHttpServer;
  let tmp: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startGitHttpServer();
    tmp = await mkdtemp(join(tmpdir(), 'squash-spec-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  /** A clone with Ann's and Bob's commits to push: cs by Ann, de by Bob, cs again by Ann, then LINGUAS by Bob. */
  async function translated() {
    counter += 1;
    const name = `repo-${counter}.git`;
    const url = await server.createBareRepo(name, { 'po/cs.po': PO(''), 'po/de.po': PO(''), 'po/LINGUAS': 'cs de\n' });
    const repo: WorkingCopy = new Implementation(join(tmp, `work-${counter}`));
    await repo.clone(url, 'main');
    const commit = async (file: string, content: string, message: string, author: Signature) => {
      await repo.writeFile(file, content);
      await repo.commit([file], { message, author });
    };
    await commit('po/cs.po', PO('A'), 'Czech one\n\nTranslation: app/cs', ANN);
    await commit('po/de.po', PO('Ä'), 'German\n\nTranslation: app/de\nChange-Id: I2', BOB);
    await commit('po/cs.po', PO('Á'), 'Czech two\n\nTranslation: app/cs\nChange-Id: I1', ANN);
    await commit('po/LINGUAS', 'cs de fr\n', 'LINGUAS', BOB);
    const [upstream] = await server.log(name);
    const pushed = async () => {
      await repo.push();
      const log = await server.log(name);
      return log.slice(0, log.findIndex((entry) => entry.sha === upstream.sha));
    };
    const changedFiles = (sha: string) =>
      execFileSync('git', ['--git-dir', join(server.root, name), 'show', '--name-only', '--format=', sha], { encoding: 'utf8' }).trim().split('\n');
    return { name, repo, pushed, changedFiles };
  }

  it('makes one commit of everything, with the trailers and co-authors sorted after the messages', async () => {
    const { repo, pushed, changedFiles } = await translated();
    await repo.squash({ author: BOT, appendTrailers: true });

    const [squashed, ...rest] = await pushed();
    expect(rest).toEqual([]);
    expect(squashed).toMatchObject({ authorName: BOT.name, authorEmail: BOT.email });
    expect(squashed.message).toBe(
      [
        // As Weblate's: the oldest Change-Id is the trailer, the others stay where they were.
        'LINGUAS', '', 'Czech two', '', 'Change-Id: I1', '', 'German', '', '', 'Czech one', '', '', '', '',
        'Change-Id: I2',
        `Co-authored-by: ${ANN.name} <${ANN.email}>`,
        `Co-authored-by: ${BOB.name} <${BOB.email}>`,
        'Translation: app/cs',
        'Translation: app/de',
      ].join('\n'),
    );
    expect(changedFiles(squashed.sha).sort()).toEqual(['po/LINGUAS', 'po/cs.po', 'po/de.po']);
    expect(await repo.status()).toMatchObject({ needsCommit: false, outgoingCommits: 0 });
  });

  it('makes one commit per group of paths, in order, and one more for the paths of no group', async () => {
    const { repo, pushed, changedFiles } = await translated();
    const groups = [['po/cs.po'], ['po/de.po'], ['po/fr.po']];
    await repo.squash({ author: BOT, grouping: { by: 'paths', groups, remainderMessage: 'Other files' } });

    const log = await pushed();
    expect(log.map((entry) => entry.message)).toEqual(['Other files', 'German\n\nTranslation: app/de\nChange-Id: I2', 'Czech two\n\nTranslation: app/cs\nChange-Id: I1\n\nCzech one\n\nTranslation: app/cs']);
    expect(log.map((entry) => changedFiles(entry.sha))).toEqual([['po/LINGUAS'], ['po/de.po'], ['po/cs.po']]);
    expect(log.every((entry) => entry.authorEmail === BOT.email)).toBe(true);
    expect(await readFile(join(repo.workDir, 'po/cs.po'), 'utf8')).toBe(PO('Á'));
    expect(await repo.status()).toMatchObject({ needsCommit: false, outgoingCommits: 0 });
  });

  it('makes one commit per author, oldest first, each authored by them and committed by the caller', async () => {
    const { repo, pushed } = await translated();
    await repo.squash({ author: BOT, message: 'Translations', appendTrailers: true, grouping: { by: 'author' } });

    const log = await pushed();
    expect(log.map((entry) => [entry.authorName, entry.message])).toEqual([
      [BOB.name, `Translations\n\nChange-Id: I2\nCo-authored-by: ${BOB.name} <${BOB.email}>\nTranslation: app/de`],
      [ANN.name, `Translations\n\nChange-Id: I1\nCo-authored-by: ${ANN.name} <${ANN.email}>\nTranslation: app/cs`],
    ]);
    const committer = execFileSync('git', ['-C', repo.workDir, 'log', '--format=%cn', '-2'], { encoding: 'utf8' });
    expect(committer).toBe(`${BOT.name}\n${BOT.name}\n`);
    expect(await repo.status()).toMatchObject({ needsCommit: false, outgoingCommits: 0 });
  });

  it('keeps an author\'s later commit apart when it needs another author\'s commit before it', async () => {
    const { repo, pushed } = await translated();
    await repo.writeFile('po/de.po', PO('Äh'));
    await repo.commit(['po/de.po'], { message: 'Ann fixes German', author: ANN });
    await repo.squash({ author: BOT, grouping: { by: 'author' } });

    // Ann's fix edits Bob's line: it cannot go before Bob's commit, so it makes a third commit.
    expect((await pushed()).map((entry) => [entry.authorName, entry.message])).toEqual([
      [ANN.name, 'Ann fixes German'],
      [BOB.name, 'LINGUAS\n\nGerman\n\nTranslation: app/de\nChange-Id: I2'],
      [ANN.name, 'Czech two\n\nTranslation: app/cs\nChange-Id: I1\n\nCzech one\n\nTranslation: app/cs'],
    ]);
    expect(await readFile(join(repo.workDir, 'po/de.po'), 'utf8')).toBe(PO('Äh'));
  });
});
