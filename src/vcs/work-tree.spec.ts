import { globToRegExp, normalizeRelativePath, repositoryPathProblem } from './work-tree';

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
