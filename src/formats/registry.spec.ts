import { getFormat, listFormats } from './registry';
import { TranslationUnit, UnitState } from './translation-format';
import { keyedUnit, makeUnit } from './units';

/** Monolingual column of Weblate's file format table: true = needs a template. */
const WEBLATE_MONOLINGUAL: Record<string, boolean> = {
  po: false, 'po-mono': true, json: true, 'json-nested': true, i18next: true, i18nextv4: true, 'go-i18n-json': true,
  webextension: true, arb: true, aresource: true, strings: true, stringsdict: true, properties: true, resx: true,
  csv: false, 'csv-simple': true, xlsx: false, yaml: true, 'ruby-yaml': true, ts: false, php: true, xliff: false, plainxliff: false, xliff2: false, tbx: false,
};

describe('format registry', () => {
  it('is keyed by Weblate file_format ids', () => {
    expect(listFormats().map((format) => format.id).sort()).toEqual(Object.keys(WEBLATE_MONOLINGUAL).sort());
    for (const format of listFormats()) expect([format.id, format.monolingual]).toEqual([format.id, WEBLATE_MONOLINGUAL[format.id]]);
    expect(getFormat('po')?.name).toBe('gettext PO file');
    expect(getFormat('no-such-format')).toBeUndefined();
  });

  // Every format writes a file from units alone (a new translation, or a download) that reads back to the same strings.
  it.each(listFormats().map((format) => [format.id]))('%s writes a new file that reads back', async (id) => {
    const format = getFormat(id)!;
    const units: TranslationUnit[] = format.monolingual
      ? [keyedUnit(id === 'php' ? "$LANG['greeting']" : 'greeting', ['Ahoj & "vítej" <b>'])]
      : [makeUnit(false, { context: id === 'ts' ? 'Main' : 'ctx', source: ['Hello'], target: ['Ahoj & "vítej"'] })];
    const written = await format.serialize(units, { language: 'cs' });
    const [unit] = (await format.parse(written)).units;
    expect(unit).toMatchObject({ id: units[0].id, target: units[0].target, state: UnitState.Translated });
  });
});
