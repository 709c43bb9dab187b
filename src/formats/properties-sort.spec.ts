import { PropertiesFormat } from './properties';
import { sortProperties } from './properties-sort';

describe('sortProperties', () => {
  it('sorts entries by key ignoring case, each with the comments above it, the heading comment staying on top', () => {
    const file = '# Messages\n\n# Shown on exit\nquit = Quit\n\nOpen = Open\n# Detached note\n\nabout = About \\u00e9\n';
    expect(sortProperties(Buffer.from(file), false)!.toString()).toBe('# Messages\n\n# Detached note\nabout = About \\u00E9\nOpen = Open\n# Shown on exit\nquit = Quit\n');
  });

  it('puts upper case first when case-sensitive, and keeps the order of duplicate keys', () => {
    const file = 'b=2\na=1\nB=3\nb=4\n';
    expect(sortProperties(Buffer.from(file), true)!.toString()).toBe('B=3\na=1\nb=2\nb=4\n');
    expect(sortProperties(Buffer.from(file), false)!.toString()).toBe('a=1\nb=2\nB=3\nb=4\n');
  });

  it('moves continuation lines with their entry and leaves escaped backslashes alone', () => {
    const file = 'z = one \\\n    two\nc:\\\\u00e9 path\n';
    const sorted = sortProperties(Buffer.from(file), false)!;
    expect(sorted.toString()).toBe('c:\\\\u00e9 path\nz = one \\\n    two\n');
    const read = (data: Buffer) => new PropertiesFormat().parse(data).units.map((unit) => [unit.id, unit.target[0]]);
    expect(read(sorted)).toEqual(read(Buffer.from(file)).reverse());
  });

  it('keeps DOS line breaks, Latin-1 and a missing final line break, and is null for a sorted file', () => {
    const file = Buffer.from('b=\xe9\r\na=1', 'latin1');
    expect(sortProperties(file, false)!.equals(Buffer.from('a=1\r\nb=\xe9', 'latin1'))).toBe(true);
    expect(sortProperties(Buffer.from('a=1\r\nb=2\r\n'), false)).toBeNull();
  });
});
