import JSZip from 'jszip';
import { fixture, withTarget } from './fixtures/fixture';
import { FormatError, UnitState } from './translation-format';
import { keyedUnit, makeUnit } from './units';
import { XlsxFormat } from './xlsx';

const format = new XlsxFormat();
// Written like Excel does: shared strings (one with rich-text runs and a phonetic hint), `_x000D_` escapes, a boolean,
// a formula result, a number, an inline string, an empty row, the worksheet reached through an absolute relationship.
const cs = fixture('xlsx', 'cs.xlsx');

async function zipOf(entries: Record<string, string | Buffer>, options: JSZip.JSZipGeneratorOptions<'nodebuffer'> = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, data] of Object.entries(entries)) zip.file(path, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', ...options });
}

describe('XlsxFormat', () => {
  it('reads the first sheet like a CSV file with a header row', async () => {
    const { units } = await format.parse(cs);
    expect(units.map((u) => [u.context, u.source, u.target, u.state, u.note, u.position])).toEqual([
      ['greeting', ['Hello'], ['Ahoj'], UnitState.Translated, 'Shown & used on start', 1],
      ['', ['Two\r\nlines'], ['Dva\r\nřádky'], UnitState.Fuzzy, '', 2],
      ['42', ['Bold <b>'], ['Tučné &'], UnitState.Translated, '', 3],
      ['', ['Untranslated'], [''], UnitState.Empty, '', 4],
    ]);
  });

  it('returns the stored workbook when nothing changed, and writes a new one that reads back otherwise', async () => {
    const { units } = await format.parse(cs);
    expect((await format.serialize(units, { original: cs, language: 'cs' })).equals(cs)).toBe(true);
    const edited = withTarget(units, units[3].id, ['Nepřeloženo _x0041_ \u0001 "<&>"']);
    const out = await format.serialize(edited, { original: cs, language: 'cs' });
    expect((await format.parse(out)).units.map((u) => [u.id, u.context, u.source, u.target, u.state, u.note])).toEqual(
      edited.map((u) => [u.id, u.context, u.source, u.target, u.state, u.note]),
    );
  });

  it('writes the same bytes for the same units', async () => {
    const units = [makeUnit(false, { context: 'c', source: ['s'], target: ['t'] })];
    const [a, b] = await Promise.all([format.serialize(units, { language: 'cs' }), format.serialize(units, { language: 'cs' })]);
    expect(a.equals(b)).toBe(true);
  });

  it('reads a monolingual sheet against its template, keyed by context', async () => {
    const template = await format.serialize([keyedUnit('app.title', ['Demo']), keyedUnit('app.quit', ['Quit'])], { language: 'en' });
    const translation = await format.serialize([keyedUnit('app.quit', ['Konec'])], { language: 'cs' });
    const { units } = await format.parse(translation, { template });
    expect(units.map((u) => [u.id, u.source, u.target, u.state])).toEqual([
      ['app.title', ['Demo'], [''], UnitState.Empty],
      ['app.quit', ['Quit'], ['Konec'], UnitState.Translated],
    ]);
  });

  it('refuses data that is not a workbook', async () => {
    await expect(format.parse(Buffer.from('not a zip'))).rejects.toThrow(FormatError);
    await expect(format.parse(await zipOf({ 'a.txt': 'x' }))).rejects.toThrow(/no xl\/workbook.xml/);
  });

  it('refuses a ZIP bomb before inflating it all', async () => {
    const workbook = '<workbook xmlns:r="r"><sheets><sheet r:id="rId1"/></sheets></workbook>';
    const rels = '<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';
    const huge = Buffer.alloc(60 * 1024 * 1024, 0x20);
    const bomb = await zipOf({ 'xl/workbook.xml': workbook, 'xl/_rels/workbook.xml.rels': rels, 'xl/worksheets/sheet1.xml': huge });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(format.parse(bomb)).rejects.toThrow(/inflates to more than/);
  });

  it('never expands entities', async () => {
    const workbook = '<!DOCTYPE workbook [<!ENTITY x "boom">]><workbook><sheets/></workbook>';
    await expect(format.parse(await zipOf({ 'xl/workbook.xml': workbook }))).rejects.toThrow(/entity declarations are not allowed/);
  });
});
