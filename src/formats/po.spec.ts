import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { PoFormat } from './po';
import { FormatError, TranslationUnit, UnitState } from './translation-format';
import { PLURAL_SEPARATOR } from './units';

const format = new PoFormat();
const cs = fixture('po', 'cs.po');
const options = { original: cs, language: 'cs', pluralCount: 3 };

function unit(units: TranslationUnit[], source: string, context = ''): TranslationUnit {
  const found = units.find((candidate) => candidate.source[0] === source && candidate.context === context);
  if (!found) throw new Error(`no unit ${source}`);
  return found;
}

describe('PoFormat', () => {
  it('streams the units parse() gives, one at a time, header left out', () => {
    const files = [
      cs,
      fixture('po', 'crlf.po'),
      Buffer.from('msgid "No header"\nmsgstr "Bez hlavičky"\n\nmsgid ""\nmsgstr "second empty msgid is a message"\n'),
      Buffer.from('msgctxt "menu"\nmsgid ""\nmsgstr "an empty msgid with a context is a message"\n\nmsgid "Next"\nmsgstr ""\n'),
    ];
    for (const data of files) {
      const streamed = format.streamUnits(data);
      expect(Array.isArray(streamed)).toBe(false);
      expect([...streamed]).toEqual(format.parse(data).units);
    }
  });

  it('streams strictly: a plural message lacking a form the header declares throws when it is reached', () => {
    const header = 'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n';
    const complete = 'msgid "One file"\nmsgid_plural "%d files"\nmsgstr[0] "soubor"\nmsgstr[1] "soubory"\nmsgstr[2] "souborů"\n\n';
    const lacking = 'msgid "One dir"\nmsgid_plural "%d dirs"\nmsgstr[0] "adresář"\nmsgstr[1] "adresáře"\n';
    const data = Buffer.from(header + complete + lacking);
    const streamed = format.streamUnits(data, { strict: true })[Symbol.iterator]();
    expect(streamed.next().value).toMatchObject({ source: ['One file', '%d files'], target: ['soubor', 'soubory', 'souborů'] });
    expect(() => streamed.next()).toThrow(new FormatError('the plural message "One dir" lacks msgstr[2] (the header declares 3 plural forms)', 11));
    expect(() => format.parse(data, { strict: true })).toThrow('line 11: the plural message "One dir" lacks msgstr[2]');
    expect([...format.streamUnits(data)]).toHaveLength(2);
  });

  it('reads messages with their comments, flags, plurals and contexts', () => {
    const { units, header } = format.parse(cs);
    expect(header).toEqual({ language: 'cs', pluralForms: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;' });
    expect(units.map((u) => u.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(unit(units, 'Hello, world!')).toEqual({
      id: 'Hello, world!',
      context: '',
      source: ['Hello, world!'],
      target: ['Ahoj, světe!'],
      state: UnitState.Translated,
      note: 'Shown on the start screen',
      location: 'src/app.c:12, src/main.c:40',
      flags: '',
      previousSource: '',
      position: 1,
    });
    const plural = unit(units, '%d file');
    expect(plural).toMatchObject({
      id: `%d file${PLURAL_SEPARATOR}%d files`,
      source: ['%d file', '%d files'],
      target: ['%d soubor', '%d soubory', '%d souborů'],
      flags: 'c-format',
      note: 'Keep it short',
    });
    expect(unit(units, 'Open', 'menu')).toMatchObject({ id: 'Openmenu', target: ['Otevřít'], state: UnitState.Translated });
    expect(unit(units, 'Open', 'verb')).toMatchObject({ target: [''], state: UnitState.Empty });
    expect(unit(units, 'Delete %(name)s permanently?')).toMatchObject({
      state: UnitState.Fuzzy,
      flags: 'python-format',
      previousSource: 'Delete %(name)s?',
    });
    expect(unit(units, 'Tab\there and "quotes" and back\\slash').target).toEqual(['Tab\tzde a "uvozovky" a zpětné\\lomítko']);
    expect(units[5].source[0]).toBe(
      'This is a long help text that goes on and on so that msgmerge has to wrap it over several lines.\nIt also contains a second line.',
    );
  });

  it('writes the same bytes back when nothing changed', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const crlf = fixture('po', 'crlf.po');
    expect(format.serialize(format.parse(crlf).units, { original: crlf, language: 'de' }).equals(crlf)).toBe(true);
  });

  it('rewrites only the msgstr of an edited message', () => {
    const { units } = format.parse(cs);
    const target = unit(units, 'Hello, world!');
    const out = format.serialize(withTarget(units, target.id, ['Nazdar, světe!']), options);
    expect(changedLines(cs, out)).toEqual({ removed: ['msgstr "Ahoj, světe!"'], added: ['msgstr "Nazdar, světe!"'] });
  });

  it('writes only the changed units into the stored file as serialize does with every unit', () => {
    const { units } = format.parse(cs);
    const edited = withTarget(withTarget(units, 'Hello, world!', ['Nazdar, světe!']), 'Openmenu', ['Otevřít'], UnitState.Fuzzy);
    const changed = edited.filter((candidate) => candidate.id === 'Hello, world!' || candidate.id === 'Openmenu');
    const out = format.rewriteChanged(changed, options);
    expect(out.equals(format.serialize(edited, options))).toBe(true);
    expect(changedLines(cs, out).added).toEqual(expect.arrayContaining(['msgstr "Nazdar, světe!"', '#, fuzzy']));
    expect(format.rewriteChanged([], options).equals(cs)).toBe(true);
  });

  it('keeps the line endings of a CRLF file in regenerated lines', () => {
    const crlf = fixture('po', 'crlf.po');
    const { units } = format.parse(crlf);
    const out = format.serialize(withTarget(units, 'No', ['Nein']), { original: crlf, language: 'de' });
    expect(out.toString()).toBe(crlf.toString().replace('msgid "No"\r\nmsgstr ""', 'msgid "No"\r\nmsgstr "Nein"'));
  });

  it('wraps a long new translation the way msgmerge does', () => {
    const { units } = format.parse(cs);
    const long = 'Otevřít soubor s velmi dlouhým názvem, který se nevejde na jeden řádek výstupu, ani omylem.\nDruhý řádek';
    const out = format.serialize(withTarget(units, 'Openverb', [long]), options);
    expect(changedLines(cs, out)).toEqual({
      removed: [],
      added: [
        '"Otevřít soubor s velmi dlouhým názvem, který se nevejde na jeden řádek "',
        '"výstupu, ani omylem.\\n"',
        '"Druhý řádek"',
      ],
    });
  });

  it('writes exactly the plural forms given', () => {
    const { units } = format.parse(cs);
    const id = unit(units, '%d file').id;
    const out = format.serialize(withTarget(units, id, ['a', 'b']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['msgstr[0] "%d soubor"', 'msgstr[1] "%d soubory"', 'msgstr[2] "%d souborů"'],
      added: ['msgstr[0] "a"', 'msgstr[1] "b"'],
    });
  });

  it('adds the fuzzy flag and clears it together with the previous msgid', () => {
    const { units } = format.parse(cs);
    const fuzzy = format.serialize(withTarget(units, 'Openmenu', ['Otevřít'], UnitState.Fuzzy), options);
    expect(changedLines(cs, fuzzy)).toEqual({ removed: [], added: ['#, fuzzy'] });
    const plural = unit(units, '%d file');
    const pluralFuzzy = format.serialize(withTarget(units, plural.id, plural.target, UnitState.Fuzzy), options);
    expect(changedLines(cs, pluralFuzzy)).toEqual({ removed: ['#, c-format'], added: ['#, fuzzy, c-format'] });

    const deleted = unit(units, 'Delete %(name)s permanently?');
    const confirmed = format.serialize(withTarget(units, deleted.id, ['Trvale smazat %(name)s?']), options);
    expect(changedLines(cs, confirmed)).toEqual({
      removed: ['#, fuzzy, python-format', '#| msgid "Delete %(name)s?"', 'msgid "Delete %(name)s permanently?"', 'msgstr "Smazat %(name)s?"'],
      added: ['#, python-format', 'msgid "Delete %(name)s permanently?"', 'msgstr "Trvale smazat %(name)s?"'],
    });
  });

  it('removes messages that are no longer given and adds new ones before the obsolete entries', () => {
    const { units } = format.parse(cs);
    const added: TranslationUnit = {
      ...units[0],
      id: 'Close',
      source: ['Close'],
      target: ['Zavřít'],
      note: 'Button label',
      location: 'src/menu.c:30',
      flags: '',
    };
    const out = format.serialize([...units.filter((u) => u.context !== 'verb'), added], options).toString();
    expect(out).not.toContain('msgctxt "verb"');
    expect(out).toContain('msgctxt "menu"\nmsgid "Open"\nmsgstr "Otevřít"\n\n#: src/dialog.c:77');
    expect(out).toContain(
      'msgstr "Tab\\tzde a \\"uvozovky\\" a zpětné\\\\lomítko"\n\n#. Button label\n#: src/menu.c:30\nmsgid "Close"\nmsgstr "Zavřít"\n\n#~ msgid "Old string"',
    );
    expect(format.parse(Buffer.from(out)).units.map((u) => u.source[0])).toContain('Close');
  });

  it('starts a new translation from the template and sets the language header', () => {
    const pot = Buffer.from(
      'msgid ""\nmsgstr ""\n"Language: \\n"\n"Content-Type: text/plain; charset=CHARSET\\n"\n\nmsgid "One"\nmsgid_plural "Many"\nmsgstr[0] ""\nmsgstr[1] ""\n',
    );
    const { units } = format.parse(pot);
    const out = format.serialize(withTarget(units, `One${PLURAL_SEPARATOR}Many`, ['Jeden', 'Dva', 'Mnoho']), {
      template: pot,
      language: 'cs',
      pluralForms: 'nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;',
    });
    expect(out.toString()).toBe(
      'msgid ""\nmsgstr ""\n"Language: cs\\n"\n"Content-Type: text/plain; charset=UTF-8\\n"\n' +
        '"Plural-Forms: nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;\\n"\n\n' +
        'msgid "One"\nmsgid_plural "Many"\nmsgstr[0] "Jeden"\nmsgstr[1] "Dva"\nmsgstr[2] "Mnoho"\n',
    );
  });

  it('writes a complete file when there is no original', () => {
    const out = format.serialize(
      [{ ...format.parse(cs).units[0], target: ['Ahoj'] }],
      { language: 'cs' },
    );
    expect(format.parse(out)).toMatchObject({ header: { language: 'cs' }, units: [{ source: ['Hello, world!'], target: ['Ahoj'] }] });
  });

  it('reports broken files with the line of the problem', () => {
    expect(() => format.parse(fixture('po', 'broken.po'))).toThrow(new FormatError('unterminated string', 6, 8));
    expect(() => format.parse(Buffer.from('msgid "a"\n\nmsgstr "b"\n'))).toThrow('line 1: msgid without msgstr');
    expect(() => format.parse(Buffer.from('msgid "a"\nmsgstr "b"\nbogus\n'))).toThrow(/^line 3, column 1: unexpected text/);
  });

  it('reads a 100k-message catalog in one linear pass', () => {
    const entries = Array.from({ length: 100_000 }, (_, i) => `#: src/file${i}.c:${i}\nmsgid "Message number ${i}"\nmsgstr "Zpráva číslo ${i}"\n`);
    const big = Buffer.from(`msgid ""\nmsgstr "Language: cs\\n"\n\n${entries.join('\n')}`);
    const { units } = format.parse(big);
    expect(units).toHaveLength(100_000);
    expect(units[99_999]).toMatchObject({ source: ['Message number 99999'], position: 100_000 });
    expect(format.serialize(units, { original: big, language: 'cs' }).equals(big)).toBe(true);
  });
});
