import { parse } from 'yaml';
import { YamlFormat } from './yaml';
import { layoutYaml } from './yaml-layout';

describe('layoutYaml', () => {
  const long = 'word '.repeat(30).trim();
  const file = Buffer.from(`# Menu\nmenu:\n  title: Mail  # inline\n  items:\n  - one\n  - two\n  long: "${long}"\n  count: 3\n  quoted: 'no'\n`);

  it('indents block maps by `indent`, keeping comments, values with their types and quoting', () => {
    const out = layoutYaml(file, { indent: 4, width: 65535, lineBreak: '\n' })!.toString();
    expect(out).toBe(`# Menu\nmenu:\n    title: Mail # inline\n    items:\n      - one\n      - two\n    long: "${long}"\n    count: 3\n    quoted: 'no'\n`);
    expect(parse(out)).toEqual(parse(file.toString()));
  });

  it('folds long scalars at `width`, which YAML readers join back', () => {
    const out = layoutYaml(file, { indent: 2, width: 80, lineBreak: '\n' })!.toString();
    expect(Math.max(...out.split('\n').map((line) => line.length))).toBeLessThanOrEqual(80);
    expect(parse(out, { version: '1.1' }).menu.long).toBe(long);
  });

  it('writes the line breaks asked for, old Mac ones included, which the YAML format reads back', () => {
    const dos = layoutYaml(file, { indent: 2, width: 65535, lineBreak: '\r\n' })!.toString();
    expect(dos.split('\r\n')).toHaveLength(file.toString().split('\n').length);
    const mac = layoutYaml(file, { indent: 2, width: 65535, lineBreak: '\r' })!;
    expect(mac.includes('\n')).toBe(false);
    const format = new YamlFormat();
    expect(format.parse(mac).units.map((unit) => [unit.id, unit.target[0]])).toEqual(format.parse(file).units.map((unit) => [unit.id, unit.target[0]]));
    // Editing the Mac file keeps its line breaks.
    const units = format.parse(mac).units.map((unit) => (unit.id === 'menu.title' ? { ...unit, target: ['Pošta'] } : unit));
    expect(format.serialize(units, { original: mac, language: 'cs' }).toString()).toBe(mac.toString().replace('title: Mail', 'title: Pošta'));
  });

  it('is null for a file already in the layout, and for an empty file', () => {
    const laid = layoutYaml(file, { indent: 3, width: 120, lineBreak: '\n' })!;
    expect(layoutYaml(laid, { indent: 3, width: 120, lineBreak: '\n' })).toBeNull();
    expect(layoutYaml(Buffer.from(''), { indent: 3, width: 120, lineBreak: '\n' })).toBeNull();
  });
});

describe('YamlFormat line breaks', () => {
  it('keeps DOS line breaks when a removed key makes it write the whole document again', () => {
    const format = new YamlFormat();
    const dos = Buffer.from('a: one\r\nb:\r\n  c: two\r\n');
    const units = format.parse(dos).units.filter((unit) => unit.id !== 'a');
    expect(format.serialize(units, { original: dos, language: 'cs' }).toString()).toBe('b:\r\n  c: two\r\n');
  });
});
