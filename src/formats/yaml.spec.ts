import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { FormatError } from './translation-format';
import { keyedUnit } from './units';
import { RubyYamlFormat, YamlFormat } from './yaml';

describe('YamlFormat', () => {
  const format = new YamlFormat();
  const en = fixture('yaml', 'en.yml');
  const options = { original: en, language: 'en' };

  it('flattens scalars into keys, an integer as its decimal text', () => {
    expect(format.parse(en).units.map((u) => [u.id, u.target])).toEqual([
      ['app.title', ['Demo app']],
      ['app.tagline', ["It's fast"]],
      ['app.count', ['3']],
      ['menu[0]', ['Open']],
      ['menu[1]', ['Save "all"']],
      ['long', ['A block\nof text\n']],
    ]);
  });

  it('round-trips and replaces values in place in their quoting style', () => {
    const { units } = format.parse(en);
    expect(format.serialize(units, options).equals(en)).toBe(true);
    let out = format.serialize(withTarget(units, 'app.title', ['Ukázka']), options);
    expect(changedLines(en, out)).toEqual({
      removed: ['  title: Demo app   # shown in the title bar'],
      added: ['  title: Ukázka   # shown in the title bar'],
    });
    out = format.serialize(withTarget(units, 'app.tagline', ["Je to 'rychlé'"]), options);
    expect(changedLines(en, out).added).toEqual(["  tagline: 'Je to ''rychlé'''"]);
    out = format.serialize(withTarget(units, 'menu[0]', ['key: value']), options);
    expect(changedLines(en, out).added).toEqual(['  - "key: value"']);
  });

  it('adds and removes keys through the document, keeping comments', () => {
    const { units } = format.parse(en);
    const out = format.serialize([...units.filter((u) => u.id !== 'app.tagline'), keyedUnit('app.subtitle', ['Sub'])], options).toString();
    expect(out).toContain('# Application strings\napp:\n  title: Demo app # shown in the title bar\n  count: 3\n  subtitle: Sub\n');
    expect(format.parse(Buffer.from(out)).units.map((u) => u.id)).toEqual(['app.title', 'app.count', 'app.subtitle', 'menu[0]', 'menu[1]', 'long']);
  });

  it('reports syntax errors with the line', () => {
    expect(() => format.parse(fixture('yaml', 'broken.yml'))).toThrow(FormatError);
    expect(() => format.parse(fixture('yaml', 'broken.yml'))).toThrow(
      new FormatError('Flow sequence in block collection must be sufficiently indented and end with a ]', 3, 1),
    );
  });
});

describe('RubyYamlFormat', () => {
  const format = new RubyYamlFormat();
  const en = fixture('yaml', 'en-rails.yml');

  it('reads under the language root with category maps as plurals', () => {
    expect(format.parse(en).units.map((u) => [u.id, u.target])).toEqual([
      ['hello', ['Hello world']],
      ['inbox', ['one message', '%{count} messages']],
      ['nested.key', ['Plain value']],
    ]);
  });

  it('renames the root to the language when a translation is made from the template', () => {
    const { units } = format.parse(en);
    const out = format.serialize(withTarget(units, 'hello', ['Ahoj světe']), { template: en, language: 'cs' });
    expect(changedLines(en, out)).toEqual({ removed: ['en:', '  hello: "Hello world"'], added: ['cs:', '  hello: "Ahoj světe"'] });
    const czech = format.serialize(withTarget(units, 'inbox', ['1', '2', '5']), { template: en, language: 'cs' });
    expect(czech.toString()).toContain('cs:\n');
    expect(format.parse(czech).units.map((u) => [u.id, u.target])).toEqual([
      ['hello', ['Hello world']],
      ['inbox', ['1', '2', '5']],
      ['nested.key', ['Plain value']],
    ]);
  });

  it('inserts new keys and missing plural categories as text, leaving folded blocks, alignment and lists as they are', () => {
    const de = Buffer.from([
      '# Greetings', 'de:', '  greeting:   Hallo   # friendly', '  long: >-', '    Dies ist ein langer Text, der', '    gefaltet ist.',
      '  items:', '  - eins', '  - zwei', '  nested:', "    deep: 'Tief'", '', '  inbox:', '    one: Eine Nachricht', '    other: "%{count} Nachrichten"', '',
    ].join('\n'));
    const categories = ['one', 'few', 'many', 'other'];
    const { units } = format.parse(de, { pluralCategories: categories });
    const edited = [
      ...withTarget(units, 'inbox', ['Eine Nachricht', 'Ein paar', '', '%{count} Nachrichten']),
      keyedUnit('nested.added', ['yes']),
      keyedUnit('fresh.a.b', ['x']),
      keyedUnit('fresh.a.c', ['y']),
    ];
    const out = format.serialize(edited, { original: de, language: 'de', pluralCategories: categories }).toString();
    expect(out).toBe([
      '# Greetings', 'de:', '  greeting:   Hallo   # friendly', '  long: >-', '    Dies ist ein langer Text, der', '    gefaltet ist.',
      '  items:', '  - eins', '  - zwei', '  nested:', "    deep: 'Tief'", '    added: "yes"', '',
      '  inbox:', '    one: Eine Nachricht', '    other: "%{count} Nachrichten"', '    few: Ein paar', '  fresh:', '    a:', '      b: x', '      c: "y"', '',
    ].join('\n'));
    expect(format.parse(Buffer.from(out), { pluralCategories: categories }).units.map((u) => [u.id, u.target])).toEqual([
      ['greeting', ['Hallo']],
      ['long', ['Dies ist ein langer Text, der gefaltet ist.']],
      ['items[0]', ['eins']],
      ['items[1]', ['zwei']],
      ['nested.deep', ['Tief']],
      ['nested.added', ['yes']],
      ['inbox', ['Eine Nachricht', 'Ein paar', '', '%{count} Nachrichten']],
      ['fresh.a.b', ['x']],
      ['fresh.a.c', ['y']],
    ]);
  });
});
