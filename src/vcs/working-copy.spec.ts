import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import * as git from 'isomorphic-git';
import { GitHttpServer, startGitHttpServer, UPSTREAM_AUTHOR } from '../../test/support/git-http-server';
import { GitWorkingCopy } from './git-working-copy';
import { WorkingCopy } from './working-copy';
import { SystemGitWorkingCopy } from './system-git-working-copy';
import { VcsError } from './vcs-error';

const execFileAsync = promisify(execFile);

const IMPLEMENTATIONS = [GitWorkingCopy, SystemGitWorkingCopy].map(
  (implementation) => [implementation.name, implementation] as const,
);

const JANE = { name: 'Jane Translator', email: 'jane@example.com', timestamp: new Date('2024-05-01T12:00:00Z') };
const BOT = { name: 'Weblate', email: 'noreply@weblate.example' };
const PO = 'msgid "a"\nmsgstr "A"\n\nmsgid "b"\nmsgstr "B"\n\nmsgid "c"\nmsgstr "C"\n';

/**
 * Behaviour both WorkingCopy implementations share (the git binary also speaks smart HTTP; ssh itself is not
 * exercised, it would need an ssh server), against a real git HTTP server with a fresh bare repository per test.
 */
describe.each(IMPLEMENTATIONS)('%s (repository contract)', (_name, Implementation) => {
  const create = (workDir: string) => new Implementation(workDir);
  let server: GitHttpServer;
  let tmp: string;
  let counter = 0;

  beforeAll(async () => {
    server = await startGitHttpServer();
    tmp = await mkdtemp(join(tmpdir(), 'git-working-copy-spec-'));
  });
  afterAll(async () => {
    await server.close();
    await rm(tmp, { recursive: true, force: true });
  });

  async function cloned(files: Record<string, string> = { 'po/de.po': PO, 'README.md': 'readme\n' }) {
    counter += 1;
    const name = `repo-${counter}.git`;
    const url = await server.createBareRepo(name, files);
    const repo = create(join(tmp, `work-${counter}`));
    await repo.clone(url, 'main');
    const work = (path: string) => readFile(join(repo.workDir, path), 'utf8');
    return { name, url, repo, work };
  }

  const head = (repo: WorkingCopy) => git.resolveRef({ fs, dir: repo.workDir, ref: 'HEAD' });
  const parents = async (repo: WorkingCopy) =>
    (await git.readCommit({ fs, dir: repo.workDir, oid: await head(repo) })).commit.parent;

  it('clones a branch and reports a clean, up-to-date status', async () => {
    const { name, url, repo, work } = await cloned();
    const [upstream] = await server.log(name);

    expect(await work('po/de.po')).toBe(PO);
    expect(await repo.remoteUrl()).toBe(url);
    expect(await repo.status()).toEqual({
      branch: 'main',
      headCommit: upstream.sha,
      remoteCommit: upstream.sha,
      needsCommit: false,
      needsMerge: false,
      needsPush: false,
      outgoingCommits: 0,
      missingCommits: 0,
    });
  });

  it('refuses to clone into a directory that is not empty', async () => {
    const url = await server.createBareRepo('not-empty.git', { 'a.txt': 'a' });
    const dir = join(tmp, 'not-empty');
    await mkdir(dir);
    await writeFile(join(dir, 'keep.txt'), 'mine');

    await expect(create(dir).clone(url, 'main')).rejects.toMatchObject({ code: 'clone_failed' });
    expect(await readFile(join(dir, 'keep.txt'), 'utf8')).toBe('mine');
  });

  it('reports a missing branch as not_found and leaves the directory empty for a retry', async () => {
    const url = await server.createBareRepo('no-branch.git', { 'a.txt': 'a' });
    const repo = create(join(tmp, 'no-branch'));

    await expect(repo.clone(url, 'does-not-exist')).rejects.toMatchObject({ code: 'not_found' });
    await repo.clone(url, 'main');
    expect(await repo.listFiles()).toEqual(['a.txt']);
  });

  it('reports uncommitted changes, walking only the given paths when asked', async () => {
    const { repo } = await cloned();
    await repo.writeFile('po/de.po', `${PO}\nmsgid "d"\nmsgstr "D"\n`);

    expect((await repo.status()).needsCommit).toBe(true);
    expect((await repo.status(['po'])).needsCommit).toBe(true);
    expect((await repo.status(['README.md'])).needsCommit).toBe(false);
  });

  it('commits the named files with the given author and pushes them', async () => {
    const { name, repo } = await cloned();
    await repo.writeFile('po/de.po', PO.replace('"A"', '"Ä"'));
    await repo.writeFile('po/fr.po', PO);
    await repo.writeFile('unrelated.txt', 'not part of the commit');
    await unlink(join(repo.workDir, 'README.md'));

    const sha = await repo.commit(['po/de.po', 'po/fr.po', 'README.md'], {
      message: 'Translated using Weblate (German)',
      author: JANE,
      committer: BOT,
    });

    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await repo.status()).toMatchObject({ needsPush: true, outgoingCommits: 1, needsCommit: true });
    expect((await repo.status(['po', 'README.md'])).needsCommit).toBe(false);
    await repo.push();

    const [pushed] = await server.log(name);
    expect(pushed).toEqual({
      sha,
      message: 'Translated using Weblate (German)',
      authorName: JANE.name,
      authorEmail: JANE.email,
    });
    expect(await server.readFile(name, 'po/de.po')).toContain('"Ä"');
    await expect(server.readFile(name, 'README.md')).rejects.toThrow();
    await expect(server.readFile(name, 'unrelated.txt')).rejects.toThrow();
    expect(await repo.status()).toMatchObject({ needsPush: false, outgoingCommits: 0, remoteCommit: sha });
  });

  it('squashes the commits to push into one on top of the remote branch, with their messages newest first', async () => {
    const { name, repo } = await cloned();
    await repo.writeFile('po/de.po', PO.replace('"A"', '"Ä"'));
    await repo.commit(['po/de.po'], { message: 'German\n\nTranslation: app/de', author: JANE });
    await repo.writeFile('po/fr.po', PO);
    await repo.commit(['po/fr.po'], { message: 'French', author: JANE });
    await repo.writeFile('unrelated.txt', 'stays uncommitted');
    const [upstream] = await server.log(name);

    const sha = await repo.squash({ author: BOT });
    expect(await parents(repo)).toEqual([upstream.sha]);
    expect(await repo.status()).toMatchObject({ outgoingCommits: 1, headCommit: sha });
    expect((await repo.readCommit(sha)).message).toBe('French\n\nGerman\n\nTranslation: app/de');
    await repo.push();
    expect(await server.readFile(name, 'po/de.po')).toContain('"Ä"');
    expect(await server.readFile(name, 'po/fr.po')).toBe(PO);
    await expect(server.readFile(name, 'unrelated.txt')).rejects.toThrow();
    expect((await repo.readCommit(await repo.squash({ author: BOT, message: 'Nothing to squash' }))).message).toBe('Nothing to squash');
  });

  it('reads the author, committer and whole message of a commit', async () => {
    const { repo } = await cloned();
    await repo.writeFile('po/de.po', PO.replace('"B"', '"Bé"'));
    const committed = new Date('2024-06-02T03:04:05Z');
    const sha = await repo.commit(['po/de.po'], {
      message: 'Translated using Weblate (German)\n\nCo-authored-by: Ann <ann@example.com>\n',
      author: JANE,
      committer: { ...BOT, timestamp: committed },
    });

    expect(await repo.readCommit(sha!)).toEqual({
      revision: sha,
      author: JANE,
      committer: { ...BOT, timestamp: committed },
      message: 'Translated using Weblate (German)\n\nCo-authored-by: Ann <ann@example.com>',
    });
    expect((await repo.readCommit('HEAD')).revision).toBe(sha);
    await expect(repo.readCommit('0'.repeat(40))).rejects.toMatchObject({ code: 'not_found' });
    await expect(repo.readCommit('no-such-branch')).rejects.toMatchObject({ code: 'not_found' });
  });

  it('returns null instead of an empty commit', async () => {
    const { repo } = await cloned();
    expect(await repo.commit(['po/de.po', 'missing.po'], { message: 'nothing', author: JANE })).toBeNull();
  });

  it('fetches upstream commits and fast-forwards to them', async () => {
    const { name, repo, work } = await cloned();
    const upstream = await server.commitToBare(
      name,
      { 'po/de.po': `${PO}# new\n`, 'po/it.po': PO, 'README.md': null },
      'Upstream',
    );

    await repo.fetch();
    expect(await repo.status()).toMatchObject({ needsMerge: true, missingCommits: 1, remoteCommit: upstream });
    const result = await repo.merge('merge', { author: BOT });

    expect(result).toEqual({ ok: true, changedFiles: ['README.md', 'po/de.po', 'po/it.po'] });
    expect(await head(repo)).toBe(upstream);
    expect(await work('po/de.po')).toBe(`${PO}# new\n`);
    expect(fs.existsSync(join(repo.workDir, 'README.md'))).toBe(false);
    expect(await repo.status()).toMatchObject({ needsMerge: false, needsCommit: false, needsPush: false });
  });

  it('takes what another clone of the repository fetched, without fetching itself', async () => {
    const { name, url, repo: first } = await cloned();
    const second = create(join(tmp, `work-${counter}-second`));
    await second.clone(url, 'main');
    // Two commits: nested new folders, a file changed twice, and a tree shared by two folders.
    await server.commitToBare(name, { 'po/de.po': `${PO}# one\n`, 'docs/a/x.txt': 'x\n', 'docs/b/x.txt': 'x\n' }, 'First');
    const upstream = await server.commitToBare(name, { 'po/de.po': `${PO}# new\n`, 'po/it.po': PO, 'deep/er/still/f.txt': 'f\n' }, 'Upstream');
    await first.fetch();
    const fetches = server.fetchCount(name);

    await second.fetchFrom(first);
    expect(server.fetchCount(name)).toBe(fetches);
    expect(await second.status()).toMatchObject({ needsMerge: true, missingCommits: 2, remoteCommit: upstream });
    await execFileAsync('git', ['fsck', '--strict', '--no-dangling'], { cwd: second.workDir });
    expect(await second.merge('merge', { author: BOT })).toEqual({ ok: true, changedFiles: ['deep/er/still/f.txt', 'docs/a/x.txt', 'docs/b/x.txt', 'po/de.po', 'po/it.po'] });
    expect(await readFile(join(second.workDir, 'po/it.po'), 'utf8')).toBe(PO);
    expect(await readFile(join(second.workDir, 'po/de.po'), 'utf8')).toBe(`${PO}# new\n`);
  });

  it('follows an upstream commit that replaces a link by a directory, and one that brings it back', async () => {
    const { name, repo, work } = await cloned();
    await server.commitToBare(name, { docs: { symlink: 'po' } }, 'Link docs to po');
    await repo.fetch();
    expect(await repo.merge('merge', { author: BOT })).toEqual({ ok: true, changedFiles: ['docs'] });
    expect(fs.lstatSync(join(repo.workDir, 'docs')).isSymbolicLink()).toBe(true);

    const upstream = await server.commitToBare(name, { docs: null, 'docs/readme.txt': 'read me\n' }, 'Docs of their own');
    await repo.fetch();
    expect(await repo.merge('merge', { author: BOT })).toEqual({ ok: true, changedFiles: ['docs', 'docs/readme.txt'] });
    expect(await head(repo)).toBe(upstream);
    expect(fs.lstatSync(join(repo.workDir, 'docs')).isDirectory()).toBe(true);
    expect(await work('docs/readme.txt')).toBe('read me\n');
    expect(await work('po/de.po')).toBe(PO);
    expect(await repo.status()).toMatchObject({ needsMerge: false, needsCommit: false });
  });

  it('resets to an upstream tree that replaces a link by a directory', async () => {
    const { name, repo, work } = await cloned({ 'po/de.po': PO, docs: { symlink: 'po' } } as never);
    const upstream = await server.commitToBare(name, { docs: null, 'docs/readme.txt': 'read me\n' }, 'Docs of their own');
    await repo.fetch();
    await repo.reset();
    expect(await head(repo)).toBe(upstream);
    expect(await work('docs/readme.txt')).toBe('read me\n');
    expect(await repo.status()).toMatchObject({ needsMerge: false, needsCommit: false });
  });

  it('merges diverged histories with a merge commit that can be pushed', async () => {
    const { name, repo, work } = await cloned();
    await repo.writeFile('po/de.po', PO.replace('"A"', '"Ä"'));
    await repo.commit(['po/de.po'], { message: 'Local', author: JANE });
    const upstream = await server.commitToBare(
      name,
      { 'po/de.po': PO.replace('"C"', '"Ç"'), 'docs.md': 'docs' },
      'Upstream',
    );
    await repo.fetch();
    expect(await repo.status()).toMatchObject({ outgoingCommits: 1, missingCommits: 1 });

    const result = await repo.merge('merge', { author: BOT, message: 'Merge branch main into Weblate' });

    expect(result).toEqual({ ok: true, changedFiles: ['docs.md', 'po/de.po'] });
    expect((await parents(repo))[1]).toBe(upstream);
    expect(await work('po/de.po')).toBe(PO.replace('"A"', '"Ä"').replace('"C"', '"Ç"'));
    await repo.push();
    expect((await server.log(name))[0]).toMatchObject({
      message: 'Merge branch main into Weblate',
      authorName: BOT.name,
    });
  });

  it('creates a merge commit for merge_noff even when a fast-forward is possible', async () => {
    const { name, repo } = await cloned();
    const before = await head(repo);
    const upstream = await server.commitToBare(name, { 'docs.md': 'docs' }, 'Upstream');
    await repo.fetch();

    expect(await repo.merge('merge_noff', { author: BOT })).toEqual({ ok: true, changedFiles: ['docs.md'] });
    expect(await parents(repo)).toEqual([before, upstream]);
    const { commit } = await git.readCommit({ fs, dir: repo.workDir, oid: await head(repo) });
    expect(commit.message.trim()).toBe("Merge remote-tracking branch 'origin/main'");
  });

  it('rebases local commits onto the remote branch, keeping their authors', async () => {
    const { name, repo, work } = await cloned();
    await repo.writeFile('po/de.po', PO.replace('"A"', '"Ä"'));
    await repo.commit(['po/de.po'], { message: 'First local', author: JANE });
    await repo.writeFile('po/fr.po', PO);
    await repo.commit(['po/fr.po'], { message: 'Second local', author: JANE });
    const upstream = await server.commitToBare(name, { 'po/de.po': PO.replace('"C"', '"Ç"') }, 'Upstream');
    await repo.fetch();

    expect(await repo.merge('rebase', { author: BOT })).toEqual({ ok: true, changedFiles: ['po/de.po'] });
    expect(await work('po/de.po')).toBe(PO.replace('"A"', '"Ä"').replace('"C"', '"Ç"'));
    expect(await repo.status()).toMatchObject({ outgoingCommits: 2, missingCommits: 0, needsCommit: false });
    await repo.push();
    const log = await server.log(name);
    expect(log.slice(0, 3).map((c) => [c.message, c.authorName])).toEqual([
      ['Second local', JANE.name],
      ['First local', JANE.name],
      ['Upstream', UPSTREAM_AUTHOR.name],
    ]);
    expect(log[2].sha).toBe(upstream);
  });

  it.each(['merge', 'rebase'] as const)(
    'aborts a conflicting %s and leaves HEAD and the work tree as they were',
    async (style) => {
      const { name, repo, work } = await cloned();
      await repo.writeFile('po/de.po', PO.replace('"B"', '"local"'));
      const local = await repo.commit(['po/de.po'], { message: 'Local', author: JANE });
      await server.commitToBare(name, { 'po/de.po': PO.replace('"B"', '"upstream"'), 'docs.md': 'docs' }, 'Upstream');
      await repo.fetch();

      const result = await repo.merge(style, { author: BOT });

      expect(result).toMatchObject({ ok: false, conflicts: ['po/de.po'] });
      expect(await head(repo)).toBe(local);
      expect(await work('po/de.po')).toBe(PO.replace('"B"', '"local"'));
      expect(fs.existsSync(join(repo.workDir, 'docs.md'))).toBe(false);
      expect(await repo.status()).toMatchObject({ needsCommit: false, needsMerge: true, needsPush: true });
    },
  );

  it('refuses to merge over uncommitted changes to the files the merge updates', async () => {
    const { name, repo, work } = await cloned();
    const before = await head(repo);
    await server.commitToBare(name, { 'po/de.po': `${PO}# upstream\n` }, 'Upstream');
    await repo.fetch();
    await repo.writeFile('po/de.po', 'unsaved edit');

    await expect(repo.merge('merge', { author: BOT })).rejects.toMatchObject({ code: 'local_changes' });
    expect(await head(repo)).toBe(before);
    expect(await work('po/de.po')).toBe('unsaved edit');
  });

  it('refuses to merge over an untracked file at a path the merge adds', async () => {
    const { name, repo, work } = await cloned();
    const before = await head(repo);
    await server.commitToBare(name, { 'po/it.po': PO }, 'Upstream adds Italian');
    await repo.fetch();
    await repo.writeFile('po/it.po', 'not committed yet');

    await expect(repo.merge('merge', { author: BOT })).rejects.toMatchObject({ code: 'local_changes' });
    expect(await head(repo)).toBe(before);
    expect(await work('po/it.po')).toBe('not committed yet');
  });

  it.each([
    ['without fetching', false],
    ['after fetching', true],
  ])('rejects a push when the remote branch has moved on (%s)', async (_label, fetchFirst) => {
    const { name, repo } = await cloned();
    const upstream = await server.commitToBare(name, { 'docs.md': 'docs' }, 'Upstream');
    await repo.writeFile('po/de.po', 'changed');
    await repo.commit(['po/de.po'], { message: 'Local', author: JANE });
    if (fetchFirst) await repo.fetch();

    await expect(repo.push()).rejects.toMatchObject({ code: 'push_rejected' });
    expect((await server.log(name))[0].sha).toBe(upstream);
  });

  it('pushes to a separate push URL, leaving origin and its configured URL alone', async () => {
    const { name, url, repo } = await cloned();
    counter += 1;
    const forkName = `fork-${counter}.git`;
    const fork = await server.createBareRepo(forkName);
    const [upstream] = await server.log(name);
    await repo.writeFile('po/de.po', 'forked');
    const sha = await repo.commit(['po/de.po'], { message: 'To the fork', author: JANE });

    await repo.push(undefined, { url: fork });

    expect((await server.log(forkName))[0].sha).toBe(sha);
    expect(await server.readFile(forkName, 'po/de.po')).toBe('forked');
    expect((await server.log(name))[0].sha).toBe(upstream.sha);
    expect(await repo.remoteUrl()).toBe(url);
  });

  it('resets to the remote branch and cleans up untracked files', async () => {
    const { name, repo, work } = await cloned();
    await repo.writeFile('po/de.po', 'local');
    await repo.commit(['po/de.po'], { message: 'Local', author: JANE });
    await repo.writeFile('README.md', 'dirty');
    await repo.writeFile('new/dir/untracked.po', 'untracked');
    const upstream = await server.commitToBare(name, { 'docs.md': 'docs' }, 'Upstream');
    await repo.fetch();

    await repo.reset();
    expect(await head(repo)).toBe(upstream);
    expect(await work('po/de.po')).toBe(PO);
    expect(await work('README.md')).toBe('readme\n');
    expect(await work('docs.md')).toBe('docs');
    expect((await repo.status()).needsCommit).toBe(true);

    await repo.cleanup();
    expect(fs.existsSync(join(repo.workDir, 'new'))).toBe(false);
    expect(await repo.status()).toMatchObject({ needsCommit: false, needsMerge: false, needsPush: false });
  });

  it('lists, reads and writes files in the work tree and at revisions', async () => {
    const { name, repo } = await cloned({ 'po/de.po': 'de', 'po/fr.po': 'fr', 'po/sub/x.po': 'x', 'a.json': '{}' });
    const first = (await server.log(name))[0].sha;
    await repo.writeFile('po/cs.po', 'cs');

    expect(await repo.listFiles()).toEqual(['a.json', 'po/cs.po', 'po/de.po', 'po/fr.po', 'po/sub/x.po']);
    expect(await repo.listFiles('po/*.po')).toEqual(['po/cs.po', 'po/de.po', 'po/fr.po']);
    expect(await repo.listFiles('**/*.po')).toHaveLength(4);
    expect((await repo.readFile('po/cs.po')).toString()).toBe('cs');
    expect((await repo.readFile('po/de.po', first.slice(0, 8))).toString()).toBe('de');
    expect((await repo.readFile('po/fr.po', 'origin/main')).toString()).toBe('fr');
    await expect(repo.readFile('po/cs.po', 'main')).rejects.toMatchObject({ code: 'not_found' });
    await expect(repo.readFile('nope.po')).rejects.toMatchObject({ code: 'not_found' });
    await expect(repo.writeFile('../escape.po', 'x')).rejects.toMatchObject({ code: 'invalid_path' });
    await expect(repo.writeFile('.git/config', 'x')).rejects.toMatchObject({ code: 'invalid_path' });
  });

  it('needs a clone before anything else', async () => {
    const repo = create(join(tmp, 'never-cloned'));
    await expect(repo.status()).rejects.toBeInstanceOf(VcsError);
    await expect(repo.status()).rejects.toMatchObject({ code: 'no_repository' });
    expect(await repo.remoteUrl()).toBeNull();
  });
});
