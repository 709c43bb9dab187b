import { AndroidFormat } from './aresource';
import { escapeAndroid, unescapeAndroid } from './android-escape';
import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { FormatError, UnitState } from './translation-format';
import { keyedUnit } from './units';

const format = new AndroidFormat();
const strings = fixture('aresource', 'strings.xml');
const options = { original: strings, language: 'en' };

describe('AndroidFormat', () => {
  it('reads strings, plurals and array items with Android unescaping', () => {
    const { units } = format.parse(strings);
    expect(units.map((u) => [u.id, u.target])).toEqual([
      ['app_name', ['Weather']],
      ['api_key', ['abc123']],
      ['greeting', ['Don\'t say "hi" to <b>everyone</b> &amp; their <xliff:g id="pet">%1$s</xliff:g>']],
      ['multiline', ['First line\nSecond line']],
      ['spaced', ['  keeps  spaces  ']],
      ['reference', ['@string/other']],
      ['html', ['<a href="https://example.com">link</a>']],
      ['empty', ['']],
      ['days', ['%d day', '%d days']],
      ['planets[0]', ['Mercury']],
      ['planets[1]', ['Venus']],
    ]);
    expect(units[0]).toMatchObject({ note: 'Name shown in the launcher', state: UnitState.Translated, position: 1 });
    expect(units[1].state).toBe(UnitState.ReadOnly);
    expect(units[7].state).toBe(UnitState.Empty);
  });

  it('round-trips byte for byte', () => {
    expect(format.serialize(format.parse(strings).units, options).equals(strings)).toBe(true);
  });

  it('escapes an edited string and touches only its element', () => {
    const { units } = format.parse(strings);
    const out = format.serialize(withTarget(units, 'app_name', ["L'météo & <co>"]), options);
    expect(changedLines(strings, out)).toEqual({
      removed: ['    <string name="app_name">Weather</string>'],
      added: ['    <string name="app_name">L\\\'météo &amp; &lt;co&gt;</string>'],
    });
  });

  it('keeps inline markup, CDATA and fills self-closing elements', () => {
    const { units } = format.parse(strings);
    let out = format.serialize(withTarget(units, 'greeting', ['Salut <b>tous</b> "ami"']), options);
    expect(changedLines(strings, out).added).toEqual(['    <string name="greeting">Salut <b>tous</b> \\"ami\\"</string>']);
    out = format.serialize(withTarget(units, 'html', ['<i>x</i>']), options);
    expect(changedLines(strings, out).added).toEqual(['    <string name="html"><![CDATA[<i>x</i>]]></string>']);
    out = format.serialize(withTarget(units, 'empty', ['now set']), options);
    expect(changedLines(strings, out).added).toEqual(['    <string name="empty">now set</string>']);
  });

  it('rewrites plural items, using the language categories when the count changes', () => {
    const { units } = format.parse(strings);
    const out = format.serialize(withTarget(units, 'days', ['%d den', '%d dny', '%d dní']), { original: strings, language: 'cs' });
    expect(changedLines(strings, out)).toEqual({
      removed: ['        <item quantity="one">%d day</item>', '        <item quantity="other">%d days</item>'],
      added: ['        <item quantity="one">%d den</item>', '        <item quantity="few">%d dny</item>', '        <item quantity="other">%d dní</item>'],
    });
  });

  it('removes dropped units with their line and appends new ones', () => {
    const { units } = format.parse(strings);
    const kept = units.filter((u) => u.id !== 'multiline' && u.id !== 'planets[1]');
    const out = format.serialize(
      [...kept, keyedUnit('planets[2]', ['Earth']), keyedUnit('new_one', ['New']), keyedUnit('months', ['month', 'months']), keyedUnit('colors[0]', ['Red'])],
      options,
    ).toString();
    expect(out).not.toContain('multiline');
    expect(out).toContain('        <item>Mercury</item>\n        <item>Earth</item>\n    </string-array>\n');
    expect(out.endsWith(
      '    <string name="new_one">New</string>\n' +
        '    <plurals name="months">\n        <item quantity="one">month</item>\n        <item quantity="other">months</item>\n    </plurals>\n' +
        '    <string-array name="colors">\n        <item>Red</item>\n    </string-array>\n</resources>\n',
    )).toBe(true);
  });

  it('reads a translation against its template', () => {
    const translation = Buffer.from('<resources>\n  <string name="app_name">Počasí</string>\n</resources>\n');
    const { units } = format.parse(translation, { template: strings });
    expect(units[0]).toMatchObject({ id: 'app_name', source: ['Weather'], target: ['Počasí'], state: UnitState.Translated });
    expect(units[2]).toMatchObject({ id: 'greeting', target: [''], state: UnitState.Empty });
  });

  it('reports malformed XML with its position', () => {
    expect(() => format.parse(fixture('aresource', 'broken.xml'))).toThrow(FormatError);
    expect(() => format.parse(fixture('aresource', 'broken.xml'))).toThrow(/^line 4, column \d+: .*strin/);
  });

  it('refuses entity declarations instead of expanding them', () => {
    expect(() => format.parse(fixture('aresource', 'billion-laughs.xml'))).toThrow(new FormatError('entity declarations are not allowed', 3, 2));
    expect(() => format.parse(fixture('aresource', 'external-entity.xml'))).toThrow(new FormatError('entity declarations are not allowed', 2, 22));
    expect(() => format.parse(Buffer.from('<resources><string name="a">&nbsp;</string></resources>'))).toThrow('undefined entity "&nbsp;"');
  });
});

describe('Android escaping', () => {
  it.each([
    ['a   b\n  c', 'a b c'],
    ['"a   b"', 'a   b'],
    ['\\u0041\\t\\\\', 'A\t\\'],
    ['line\n\\nnext', 'line\nnext'],
    ['  padded  ', 'padded'],
  ])('unescapes %j', (raw, value) => expect(unescapeAndroid(raw)).toBe(value));

  it('quotes strings whose spaces would otherwise collapse', () => {
    expect(escapeAndroid(' a  b ')).toBe('" a  b "');
    expect(escapeAndroid('?q')).toBe('\\?q');
    expect(unescapeAndroid(escapeAndroid('It\'s\n"x"\t\\'))).toBe('It\'s\n"x"\t\\');
  });
});
