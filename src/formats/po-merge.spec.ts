import { mergePo } from './po-merge';

const PO = [
  '# Czech', 'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: cs\\n"',
  '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"', '',
  '# mine', '#: a.c:1', 'msgid "Hello"', 'msgstr "Ahoj"', '',
  '#, fuzzy', '#| msgid "Bye"', 'msgid "Bye!"', 'msgstr "Nashle"', '',
  'msgid "Gone"', 'msgstr "Pryč"', '',
  'msgid "Empty"', 'msgstr ""', '',
  '#~ msgid "Old"', '#~ msgstr "Staré"', '',
].join('\n');
const POT = [
  'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '',
  '#. dev', '#: a.c:2', '#, c-format', 'msgid "Hello"', 'msgstr ""', '',
  'msgid "Bye!"', 'msgstr ""', '',
  'msgctxt "menu"', 'msgid "New"', 'msgid_plural "News"', 'msgstr[0] ""', 'msgstr[1] ""', '',
].join('\n');

describe('mergePo (msgmerge without fuzzy matching)', () => {
  it("follows the template's messages and comments, keeps translations, obsoletes translated messages it dropped", () => {
    expect(mergePo(Buffer.from(PO), Buffer.from(POT), { previous: true, noLocation: false }).toString()).toBe([
      '# Czech', 'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: cs\\n"',
      '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"', '',
      '# mine', '#. dev', '#: a.c:2', '#, c-format', 'msgid "Hello"', 'msgstr "Ahoj"', '',
      '#, fuzzy', '#| msgid "Bye"', 'msgid "Bye!"', 'msgstr "Nashle"', '',
      'msgctxt "menu"', 'msgid "New"', 'msgid_plural "News"', 'msgstr[0] ""', 'msgstr[1] ""', 'msgstr[2] ""', '',
      '#~ msgid "Gone"', '#~ msgstr "Pryč"', '',
      '#~ msgid "Old"', '#~ msgstr "Staré"', '',
    ].join('\n'));
  });

  it('leaves out references and previous msgids when asked', () => {
    const merged = mergePo(Buffer.from(PO), Buffer.from(POT), { previous: false, noLocation: true }).toString();
    expect(merged).not.toContain('#:');
    expect(merged).not.toContain('#|');
  });
});
