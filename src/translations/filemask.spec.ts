import { Filemask } from './filemask';

describe('Filemask', () => {
  it.each([
    ['po/*.po', 'po/cs.po', 'cs'],
    ['po/*.po', 'po/pt_BR.po', 'pt_BR'],
    ['locale/*/LC_MESSAGES/app.po', 'locale/de/LC_MESSAGES/app.po', 'de'],
    ['res/values-*/strings.xml', 'res/values-b+sr+Latn/strings.xml', 'b+sr+Latn'],
    ['*.json', 'fr.json', 'fr'],
  ])('%s matches %s as %s', (mask, path, code) => {
    expect(new Filemask(mask).codeOf(path)).toBe(code);
  });

  it.each([
    ['po/*.po', 'po/sub/cs.po'],
    ['po/*.po', 'po/cs.pot'],
    ['po/*.po', 'other/cs.po'],
    ['a.b/*.po', 'aXb/cs.po'],
  ])('%s does not match %s', (mask, path) => {
    expect(new Filemask(mask).codeOf(path)).toBeNull();
  });

  it('builds the path of a language', () => {
    expect(new Filemask('locale/*/LC_MESSAGES/app.po').pathFor('de')).toBe('locale/de/LC_MESSAGES/app.po');
  });
});
