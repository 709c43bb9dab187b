import { changedLines } from './fixtures/fixture';
import { ACCEPTED, extractRealRepo, msgfmtCheck, readIn } from './fixtures/toolchain';
import { PoFormat } from './po';
import { SerializeOptions, TranslationUnit, UnitState } from './translation-format';

/** Weblate's demo project (real-repos/hello.tar.gz): headers say `charset=ASCII`, Arabic's Plural-Forms is a placeholder. */
describe('PoFormat headers of a real project', () => {
  const format = new PoFormat();
  const hello = extractRealRepo('hello');
  const cs = readIn(hello, 'po/cs.po');
  const revision = { date: new Date('2026-11-24T21:05:09Z'), translator: 'Ada Admin <ada@example.com>', generator: 'Weblate-compatible server' };
  const CZECH = 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;';
  const translate = (units: TranslationUnit[], msgid: string, target: string[]): TranslationUnit[] =>
    units.map((unit) => (unit.source[0] === msgid ? { ...unit, target, state: UnitState.Translated } : unit));

  it('a commit with non-ASCII text updates only the revision, translator, generator and charset lines', () => {
    const units = translate(format.parse(cs).units, 'Hello, world!\n', ['Ahoj světe!\n']);
    const out = format.serialize(units, { original: cs, language: 'cs', pluralForms: CZECH, revision });
    expect(msgfmtCheck(cs)).toEqual(ACCEPTED);
    expect(changedLines(cs, out)).toEqual({
      removed: [
        '"PO-Revision-Date: 2012-03-05 15:55+0100\\n"',
        '"Last-Translator: Automatically generated\\n"',
        '"Language-Team: none\\n"',
        '"Language: cs\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=ASCII\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        `"Plural-Forms: ${CZECH}\\n"`,
        '',
        '#: main.c:11',
        '#, c-format',
        'msgid "Hello, world!\\n"',
        'msgstr ""',
      ],
      added: [
        '"PO-Revision-Date: 2026-11-24 21:05+0000\\n"',
        '"Last-Translator: Ada Admin <ada@example.com>\\n"',
        '"Language-Team: none\\n"',
        '"Language: cs\\n"',
        '"MIME-Version: 1.0\\n"',
        '"Content-Type: text/plain; charset=UTF-8\\n"',
        '"Content-Transfer-Encoding: 8bit\\n"',
        `"Plural-Forms: ${CZECH}\\n"`,
        '"X-Generator: Weblate-compatible server\\n"',
        '',
        '#: main.c:11',
        '#, c-format',
        'msgid "Hello, world!\\n"',
        'msgstr "Ahoj světe!\\n"',
      ],
    });
    expect(msgfmtCheck(out)).toEqual(ACCEPTED);
  });

  it('a commit writes the language plural rule over a placeholder msgfmt rejects', () => {
    const ar = readIn(hello, 'po/ar.po');
    expect(msgfmtCheck(ar).status).not.toBe(0);
    const arabic = 'nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;';
    const units = translate(format.parse(ar).units, 'Thank you for using Weblate.', ['شكرا لاستخدامك Weblate.']);
    const out = format.serialize(units, { original: ar, language: 'ar', pluralForms: arabic, revision });
    expect(format.parse(out).header.pluralForms).toBe(arabic);
    expect(msgfmtCheck(out)).toEqual(ACCEPTED);
  });

  it('a download without a revision leaves the header as stored', () => {
    const units = translate(format.parse(cs).units, 'Thank you for using Weblate.', ['Thanks.']);
    expect(changedLines(cs, format.serialize(units, { original: cs, language: 'cs', pluralForms: CZECH })).removed).toEqual(['msgstr ""']);
  });

  it('a new translation from the POT has a filled header and every plural form of the language', () => {
    const pot = readIn(hello, 'po/hello.pot');
    const empty = format.parse(pot).units.map((unit) => ({ ...unit, target: unit.source.length > 1 ? ['', '', ''] : [''] }));
    const options: SerializeOptions = { template: pot, language: 'cs', pluralCount: 3, pluralForms: CZECH, revision: { ...revision, translator: undefined } };
    const out = format.serialize(empty, options).toString();
    expect(out).not.toContain('#, fuzzy\nmsgid ""');
    expect(out).not.toContain('YEAR-MO-DA');
    expect(out).toContain('"Last-Translator: Automatically generated\\n"');
    expect(out).toContain('"Language: cs\\n"');
    expect(out).toContain('msgstr[0] ""\nmsgstr[1] ""\nmsgstr[2] ""\n');
    expect(msgfmtCheck(Buffer.from(out))).toEqual(ACCEPTED);
  });
});
