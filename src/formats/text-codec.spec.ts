import { decodeLines, decodeText } from './text-codec';
import { FormatError } from './translation-format';

const lines = (data: Buffer, forced?: Parameters<typeof decodeLines>[1]) => [...decodeLines(data, forced)];

describe('decodeLines', () => {
  it('gives the lines decodeText gives, piece by piece', () => {
    const czech = Array.from({ length: 20_000 }, (_, i) => `msgid "Řádek ${i} — žluťoučký kůň"\r\nmsgstr "${'ď'.repeat(i % 7)}"`).join('\n');
    // One line far longer than a piece, of two- and three-byte characters, so pieces are cut inside it.
    const long = `x${'ž€'.repeat(70_000)}y`;
    for (const text of [czech, `${czech}\n`, long, `a\n${long}\nb`, '', '\n', 'no newline']) {
      const data = Buffer.from(text, 'utf8');
      expect(lines(data)).toEqual(decodeText(data).text.split('\n'));
    }
  });

  it('drops a BOM and reads Latin-1 and UTF-16 files', () => {
    expect(lines(Buffer.from('\ufeffa\nb', 'utf8'))).toEqual(['a', 'b']);
    expect(lines(Buffer.from('caf\xe9\nna\xefve', 'latin1'), 'latin1')).toEqual(['café', 'naïve']);
    expect(lines(Buffer.from('\ufeffjedna\ndva', 'utf16le'))).toEqual(['jedna', 'dva']);
  });

  it('reports invalid UTF-8 on its line in the whole file', () => {
    const before = Buffer.from('ok line\n'.repeat(30_000), 'utf8');
    const data = Buffer.concat([before, Buffer.from('bad \xff byte\n', 'latin1')]);
    expect(() => lines(data)).toThrow(FormatError);
    expect(() => lines(data)).toThrow(/^line 30001, column 5: invalid UTF-8 byte sequence$/);
  });
});
