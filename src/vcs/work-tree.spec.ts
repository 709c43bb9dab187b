import { chmod, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { globToRegExp, listWorkTreeFiles, normalizeRelativePath, repositoryPathProblem, writeWorkTreeFile } from './work-tree';

describe('normalizeRelativePath', () => {
  it.each([
    ['po/de.po', 'po/de.po'],
    ['./po//de.po', 'po/de.po'],
    ['po\\de.po', 'po/de.po'],
  ])('normalises %s to %s', (path, expected) => {
    expect(normalizeRelativePath(path)).toBe(expected);
  });

  // Any `..` is refused, even one that would stay inside (as Weblate refuses it in file masks): one simple rule.
  it.each(['../x', '/etc/passwd', 'a/../../x', 'a/../b.po', 'C:\\x', 'C:/x', '.git/config', 'sub/.GIT/hooks/pre-commit', '.', '', 'a\0b'])(
    'refuses %j',
    (path) => {
      expect(() => normalizeRelativePath(path)).toThrow(expect.objectContaining({ code: 'invalid_path' }));
    },
  );
});

describe('repositoryPathProblem', () => {
  it.each([
    ['a\0b', 'Null characters are not allowed.'],
    ['/etc/passwd', 'The filename can not be an absolute path.'],
    ['D:\\x.po', 'The filename can not be an absolute path.'],
    ['po/../../x', 'The filename can not contain reference to a parent directory.'],
    ['po\\..\\x', 'The filename can not contain reference to a parent directory.'],
    ['.git/config', 'The filename can not be inside the .git directory.'],
    ['po/*.po', null],
  ])('%j: %s', (path, problem) => {
    expect(repositoryPathProblem(path)).toBe(problem);
  });
});

describe('globToRegExp', () => {
  const files = ['po/de.po', 'po/fr.po', 'po/sub/x.po', 'de.po', 'locales/de/messages.json', 'a+b[1].txt'];
  it.each([
    ['po/*.po', ['po/de.po', 'po/fr.po']],
    ['**/*.po', ['po/de.po', 'po/fr.po', 'po/sub/x.po', 'de.po']],
    ['po/**', ['po/de.po', 'po/fr.po', 'po/sub/x.po']],
    ['locales/*/messages.json', ['locales/de/messages.json']],
    ['po/[df]?.po', ['po/de.po', 'po/fr.po']],
    ['po/[!d]*.po', ['po/fr.po']],
    ['a+b[1].txt', []],
    ['a+b?1?.txt', ['a+b[1].txt']],
  ])('%s matches the expected files', (glob, expected) => {
    const pattern = globToRegExp(glob);
    expect(files.filter((file) => pattern.test(file))).toEqual(expected);
  });
});

describe('listWorkTreeFiles', () => {
  let workDir: string;
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'work-tree-'));
    for (const file of ['.git/c1/x.po', 'c1/cs.po', 'c1/sub/x.po', 'c2/cs.po', 'locales/de/LC_MESSAGES/m.po', 'de.po', 'c1.po']) {
      await mkdir(join(workDir, file, '..'), { recursive: true });
      await writeFile(join(workDir, file), '');
    }
    await symlink(join(workDir, 'c1'), join(workDir, 'link'));
  });
  afterAll(() => rm(workDir, { recursive: true, force: true }));

  it.each([
    [undefined, ['c1.po', 'c1/cs.po', 'c1/sub/x.po', 'c2/cs.po', 'de.po', 'link', 'locales/de/LC_MESSAGES/m.po']],
    ['c1/*.po', ['c1/cs.po']],
    ['c1/**/*.po', ['c1/cs.po', 'c1/sub/x.po']],
    ['c1/sub/x.po', ['c1/sub/x.po']],
    ['locales/*/LC_MESSAGES/*.po', ['locales/de/LC_MESSAGES/m.po']],
    ['**/cs.po', ['c1/cs.po', 'c2/cs.po']],
    ['c[12]/cs.po', ['c1/cs.po', 'c2/cs.po']],
    ['*.po', ['c1.po', 'de.po']],
    ['link/*.po', []],
    ['missing/*.po', []],
  ])('%s lists the files it matches, links not followed', async (glob, expected) => {
    expect(await listWorkTreeFiles(workDir, glob)).toEqual(expected);
  });
});

describe('writeWorkTreeFile', () => {
  let workDir: string;
  beforeEach(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'work-tree-'));
    await mkdir(join(workDir, '.git'));
  });
  afterEach(() => rm(workDir, { recursive: true, force: true }));

  it('replaces a file whole, keeping its mode, and leaves nothing else behind', async () => {
    await mkdir(join(workDir, 'po'));
    await writeFile(join(workDir, 'po/cs.po'), 'old');
    await chmod(join(workDir, 'po/cs.po'), 0o640);
    await writeWorkTreeFile(workDir, 'po/cs.po', 'new');
    await writeWorkTreeFile(workDir, 'po/de/new.po', 'created');

    expect(await readFile(join(workDir, 'po/cs.po'), 'utf8')).toBe('new');
    expect((await stat(join(workDir, 'po/cs.po'))).mode & 0o777).toBe(0o640);
    expect(await readFile(join(workDir, 'po/de/new.po'), 'utf8')).toBe('created');
    expect((await readdir(join(workDir, '.git'))).sort()).toEqual([]);
    expect((await readdir(join(workDir, 'po'))).sort()).toEqual(['cs.po', 'de']);
  });

  it('leaves the old file as it was when the new one cannot be put in its place', async () => {
    await mkdir(join(workDir, 'po/cs.po'), { recursive: true }); // a directory where the file would go
    await expect(writeWorkTreeFile(workDir, 'po/cs.po', 'new')).rejects.toThrow();
    expect((await stat(join(workDir, 'po/cs.po'))).isDirectory()).toBe(true);
    expect(await readdir(join(workDir, '.git'))).toEqual([]);
  });
});

