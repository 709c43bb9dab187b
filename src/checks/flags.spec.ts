import { editFlags, Flags, parseFlags } from './flags';

describe('parseFlags', () => {
  it('reads names, single values and bare flags from a merged flag string', () => {
    expect(parseFlags('c-format, max-length:80, ignore-end-stop, placeholders:$NAME$')).toEqual(
      new Map<string, string | true>([
        ['c-format', true],
        ['max-length', '80'],
        ['ignore-end-stop', true],
        ['placeholders', '$NAME$'],
      ]),
    );
  });

  it('joins several parameters with colons', () => {
    expect(parseFlags('placeholders:$URL$:%COUNT%').get('placeholders')).toBe('$URL$:%COUNT%');
  });

  it('keeps the last occurrence when a flag is merged from two sources', () => {
    expect(parseFlags('max-length:80,max-length:120').get('max-length')).toBe('120');
  });

  it('ignores empty entries and surrounding spaces', () => {
    expect([...parseFlags(' , python-format ,, ').keys()]).toEqual(['python-format']);
  });
});

describe('Flags', () => {
  it('keeps quoted parameters whole, colons and commas included', () => {
    const flags = Flags.parse(`placeholders:"a:b":'c, d':"say \\"hi\\"", c-format`);
    expect(flags.params('placeholders')).toEqual([
      { text: 'a:b', regex: false },
      { text: 'c, d', regex: false },
      { text: 'say "hi"', regex: false },
    ]);
    expect(flags.has('c-format')).toBe(true);
  });

  it('marks r"…" parameters as regular expressions and keeps their backslashes', () => {
    const flags = Flags.parse('placeholders:r"%\\w+%":$NAME$');
    expect(flags.params('placeholders')).toEqual([
      { text: '%\\w+%', regex: true },
      { text: '$NAME$', regex: false },
    ]);
  });

  it('gives the first parameter as the value and nothing for absent flags', () => {
    const flags = Flags.parse('max-length: 40');
    expect(flags.value('max-length')).toBe('40');
    expect(flags.value('font-size')).toBeUndefined();
    expect(flags.params('placeholders')).toEqual([]);
  });
});

describe('editFlags', () => {
  it('adds flags, replacing the parameters of one already there, and keeps the order', () => {
    expect(editFlags('max-length:80, c-format', 'max-length:120, ignore-same', '')).toBe('max-length:120, c-format, ignore-same');
  });

  it('removes flags by name, whatever their parameters', () => {
    expect(editFlags('max-length:80, c-format, ignore-same', '', 'max-length, ignore-same')).toBe('c-format');
    expect(editFlags('', '', 'c-format')).toBe('');
  });

  it('writes back parameters that need quoting so that they read the same', () => {
    const edited = editFlags(`placeholders:"a:b":'c, d':r"%\\w+%"`, 'replacements:"say \\"hi\\"":x', '');
    expect(edited).toBe(`placeholders:"a:b":"c, d":r"%\\\\w+%", replacements:"say \\"hi\\"":x`);
    expect(Flags.parse(edited).params('placeholders')).toEqual([
      { text: 'a:b', regex: false },
      { text: 'c, d', regex: false },
      { text: '%\\w+%', regex: true },
    ]);
    expect(Flags.parse(edited).value('replacements')).toBe('say "hi"');
  });
});
