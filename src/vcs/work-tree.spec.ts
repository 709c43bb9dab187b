import { globToRegExp, normalizeRelativePath } from './work-tree';

describe('normalizeRelativePath', () => {
  it.each([
    ['po/de.po', 'po/de.po'],
    ['./po//de.po', 'po/de.po'],
    ['po\\de.po', 'po/de.po'],
    ['a/../b.po', 'b.po'],
  ])('normalises %s to %s', (path, expected) => {
    expect(normalizeRelativePath(path)).toBe(expected);
  });

  it.each(['../x', '/etc/passwd', 'a/../../x', '.git/config', 'sub/.GIT/hooks/pre-commit', '.', '', 'a\0b'])(
    'refuses %j',
    (path) => {
      expect(() => normalizeRelativePath(path)).toThrow(expect.objectContaining({ code: 'invalid_path' }));
    },
  );
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
