import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    expect(mergePo(Buffer.from(PO), Buffer.from(POT), { previous: true, noLocation: false, fuzzy: false }).toString()).toBe([
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
    const merged = mergePo(Buffer.from(PO), Buffer.from(POT), { previous: false, noLocation: true, fuzzy: false }).toString();
    expect(merged).not.toContain('#:');
    expect(merged).not.toContain('#|');
  });
});

/** Translations that fuzzy matching reuses: a plain one, a fuzzy one, one of another context, obsolete ones. */
const FUZZY_PO = [
  'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '"Language: cs\\n"', '',
  '# mine', '#: a.c:1', 'msgid "Open the file"', 'msgstr "Otevřít soubor"', '',
  '#, fuzzy', '#| msgid "Save the document later"', 'msgid "Save the document now"', 'msgstr "Uložit dokument"', '',
  'msgctxt "menu"', 'msgid "Close window"', 'msgstr "Zavřít okno"', '',
  'msgid "Abcdefgh"', 'msgstr "X"', '',
  'msgid "Untranslated message here"', 'msgstr ""', '',
  'msgid "One file"', 'msgid_plural "%d files"', 'msgstr[0] "Jeden soubor"', 'msgstr[1] "%d soubory"', 'msgstr[2] "%d souborů"', '',
  '#~ msgid "Delete all items"', '#~ msgstr "Smazat vše"', '',
  '#~ msgid "Revived"', '#~ msgstr "Oživeno"', '',
  '#~ msgid "Unused"', '#~ msgstr "Nepoužité"', '',
].join('\n');
const FUZZY_POT = [
  'msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', '',
  '#: b.c:2', 'msgid "Open the files"', 'msgstr ""', '',
  'msgid "Save the document"', 'msgstr ""', '',
  'msgid "Close windows"', 'msgstr ""', '',
  'msgid "Delete all item"', 'msgstr ""', '',
  'msgid "Revived"', 'msgstr ""', '',
  'msgid "Abcdwxyz"', 'msgstr ""', '',
  'msgid "Untranslated messages here"', 'msgstr ""', '',
  'msgid "One files"', 'msgid_plural "%d files"', 'msgstr[0] ""', 'msgstr[1] ""', '',
  'msgid "Open the file"', 'msgstr ""', '',
].join('\n');

describe('mergePo with fuzzy matching', () => {
  const dir = mkdtempSync(join(tmpdir(), 'po-merge-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string | Buffer) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  };
  /** The messages after the header: msgmerge rewrites the header's fields in its own order, mergePo keeps it. */
  const messages = (po: string) => po.split('\n\n').slice(1).join('\n\n');

  it.each([true, false])('gives what GNU msgmerge gives (previous: %s), and msgfmt accepts it', (previous) => {
    const merged = mergePo(Buffer.from(FUZZY_PO), Buffer.from(FUZZY_POT), { previous, noLocation: false, fuzzy: true }).toString();
    const gnu = execFileSync('msgmerge', ['--quiet', ...(previous ? ['--previous'] : []), file('def.po', FUZZY_PO), file('ref.pot', FUZZY_POT)], { encoding: 'utf8' });

    expect(messages(merged)).toBe(messages(gnu));
    execFileSync('msgfmt', ['--check', '-o', '/dev/null', file('merged.po', merged)], { stdio: 'pipe' });
  });

  it('reuses the most similar translation, marked fuzzy, and does not keep its source as obsolete', () => {
    const merged = mergePo(Buffer.from(FUZZY_PO), Buffer.from(FUZZY_POT), { previous: true, noLocation: false, fuzzy: true }).toString();

    expect(merged).toContain(['# mine', '#: b.c:2', '#, fuzzy', '#| msgid "Open the file"', 'msgid "Open the files"', 'msgstr "Otevřít soubor"'].join('\n'));
    // Of another context, and from an obsolete message, which is then no longer obsolete.
    expect(merged).toContain(['#, fuzzy', '#| msgctxt "menu"', '#| msgid "Close window"', 'msgid "Close windows"', 'msgstr "Zavřít okno"'].join('\n'));
    expect(merged).toContain(['#, fuzzy', '#| msgid "Delete all items"', 'msgid "Delete all item"', 'msgstr "Smazat vše"'].join('\n'));
    expect(merged).not.toContain('#~ msgid "Delete all items"');
    expect(merged).toContain('msgid "Revived"\nmsgstr "Oživeno"');
    // Not similar enough (half the bytes differ), so new.
    expect(merged).toContain('msgid "Abcdwxyz"\nmsgstr ""');
    expect(merged).toContain('#~ msgid "Abcdefgh"');
    expect(merged).toContain('#~ msgid "Unused"');
  });

  it('starts new messages untranslated without fuzzy matching, as msgmerge --no-fuzzy-matching', () => {
    const merged = mergePo(Buffer.from(FUZZY_PO), Buffer.from(FUZZY_POT), { previous: true, noLocation: false, fuzzy: false }).toString();
    const gnu = execFileSync('msgmerge', ['--quiet', '--previous', '--no-fuzzy-matching', file('def.po', FUZZY_PO), file('ref.pot', FUZZY_POT)], { encoding: 'utf8' });

    expect(merged).toContain('msgid "Open the files"\nmsgstr ""');
    expect(messages(merged)).toBe(messages(gnu));
  });
});
