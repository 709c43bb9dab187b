import { changedLines, fixture, withTarget } from './fixtures/fixture';
import { PropertiesFormat } from './properties';
import { keyedUnit } from './units';

const format = new PropertiesFormat();
const cs = fixture('properties', 'cs.properties');
const options = { original: cs, language: 'cs' };

describe('PropertiesFormat', () => {
  it('reads keys, unicode escapes, continuation lines and comment notes', () => {
    expect(format.parse(cs).units.map((u) => [u.id, u.target, u.note])).toEqual([
      ['window.title', ['Hlavní okno'], 'Window title'],
      ['button.ok', ['OK'], ''],
      ['multi.line', ['First part continues here'], ''],
      ['key with spaces', ['value'], ''],
      ['empty.value', [''], ''],
      ['path', ['C:\\temp\\file'], 'bang comment'],
    ]);
  });

  it('round-trips and rewrites one value on one line, escaping non-ASCII like the file does', () => {
    const { units } = format.parse(cs);
    expect(format.serialize(units, options).equals(cs)).toBe(true);
    const out = format.serialize(withTarget(units, 'multi.line', ['Řádek\nnový']), options);
    expect(changedLines(cs, out)).toEqual({
      removed: ['multi.line = First part \\', '    continues here'],
      added: ['multi.line = \\u0158\\u00e1dek\\nnov\\u00fd'],
    });
  });

  it('removes a key with its comment and appends new keys with the file separator', () => {
    const { units } = format.parse(cs);
    const out = format.serialize([...units.filter((u) => u.id !== 'window.title'), keyedUnit('new key', ['x'], { note: 'Added' })], options);
    expect(out.toString()).toBe(cs.toString().replace('# Window title\nwindow.title = Hlavn\\u00ed okno\n', '') + '# Added\nnew\\ key = x\n');
  });

  it('reads and writes Latin-1 files', () => {
    const latin1 = fixture('properties', 'latin1.properties');
    const { units } = format.parse(latin1);
    expect(units[0].target).toEqual(['Grüße']);
    expect(format.serialize(withTarget(units, 'greeting', ['Tschüß']), { original: latin1, language: 'de' })).toEqual(Buffer.from('greeting = Tsch\xfc\xdf\n', 'latin1'));
  });
});
